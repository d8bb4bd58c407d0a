import { CHUNK_DELAY_MS, type MessageChunk } from '@parley/contracts';

const MIN_LENGTH_TO_SPLIT = 320;
const MIN_CHUNK = 80;
const MAX_CHUNKS = 5;

/**
 * Splits a long answer into chat bubbles at paragraph breaks (never inside a code block),
 * merging short paragraphs so no bubble is a lone line; the widget reveals them one after
 * another (first at once, the next after 800 ms each). Short answers stay one bubble (null).
 */
export function splitIntoChunks(text: string): MessageChunk[] | null {
  if (text.length < MIN_LENGTH_TO_SPLIT) return null;
  const paragraphs = paragraphsOf(text);
  if (paragraphs.length < 2) return null;

  const merged: string[] = [];
  for (const p of paragraphs) {
    const last = merged[merged.length - 1];
    if (last !== undefined && (last.length < MIN_CHUNK || p.length < MIN_CHUNK || isListItem(p))) merged[merged.length - 1] = `${last}\n\n${p}`;
    else merged.push(p);
  }
  while (merged.length > MAX_CHUNKS) {
    const tail = merged.pop()!;
    merged[merged.length - 1] += `\n\n${tail}`;
  }
  if (merged.length < 2) return null;
  return merged.map((content, i) => ({
    content,
    messageType: 'text' as const,
    delay: i === 0 ? CHUNK_DELAY_MS.first : CHUNK_DELAY_MS.next,
  }));
}

function paragraphsOf(text: string): string[] {
  const out: string[] = [];
  let current: string[] = [];
  let inFence = false;
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    if (!inFence && line.trim() === '') {
      if (current.length) out.push(current.join('\n').trim());
      current = [];
    } else current.push(line);
  }
  if (current.length) out.push(current.join('\n').trim());
  return out.filter(Boolean);
}

function isListItem(paragraph: string) {
  return /^\s*([-*•]|\d+[.)])\s+/.test(paragraph);
}
