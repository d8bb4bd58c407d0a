import { countTokens } from 'gpt-tokenizer';
import type { Passage } from '../knowledge/retrieve';
import type { HistoryTurn } from './chatModel';

/**
 * The most recent turns that fit in `budget` tokens, oldest first. Whole turns only: a
 * half-cut message would confuse the model more than a missing one.
 */
export function trimHistory(history: HistoryTurn[], budget: number): HistoryTurn[] {
  const kept: HistoryTurn[] = [];
  let used = 0;
  for (let i = history.length - 1; i >= 0; i--) {
    // ~4 tokens of chat-format overhead per message
    const cost = tokens(history[i].content) + 4;
    if (used + cost > budget) break;
    used += cost;
    kept.push(history[i]);
  }
  return kept.reverse();
}

/** The best passages that fit in `budget` tokens, in rank order; the first one always fits. */
export function fitPassages(passages: Passage[], budget: number): Passage[] {
  const kept: Passage[] = [];
  let used = 0;
  for (const passage of passages) {
    const cost = tokens(passage.content) + 20;
    if (kept.length > 0 && used + cost > budget) break;
    used += cost;
    kept.push(passage);
  }
  return kept;
}

const cache = new Map<string, number>();
const CACHE_LIMIT = 5000;

/**
 * Token count with a small cache: the same passages and earlier messages come back turn after
 * turn, and tokenizing them again would be most of a turn's CPU time.
 */
export function tokens(text: string): number {
  let n = cache.get(text);
  if (n === undefined) {
    n = countTokens(text);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(text, n);
  }
  return n;
}
