import { countTokens, decode, encode } from 'gpt-tokenizer';
import type { Block } from './extractPage';

export type Chunk = { heading: string | null; content: string; tokenCount: number };

export type ChunkOptions = { targetTokens?: number; maxTokens?: number };

/**
 * Splits a document into retrieval passages that follow its structure: a chunk never spans
 * two sections, paragraphs are packed whole up to `targetTokens`, and only a paragraph longer
 * than `maxTokens` is cut, at sentence and then word boundaries. Each chunk keeps the path of
 * headings it sits under ("Plans › Business"), leaving out a top heading that repeats the title.
 */
export function chunkDocument(doc: { title: string | null; blocks: Block[] }, opts: ChunkOptions = {}): Chunk[] {
  const target = opts.targetTokens ?? 300;
  const max = Math.max(opts.maxTokens ?? 450, target);
  const chunks: Chunk[] = [];
  const path: { level: number; text: string }[] = [];
  let parts: string[] = [];
  let size = 0;

  const heading = () => {
    const names = path.map((h) => h.text).filter((t, i) => !(i === 0 && sameText(t, doc.title)));
    return names.length ? names.join(' › ') : null;
  };
  const flush = () => {
    if (parts.length) chunks.push({ heading: heading(), content: parts.join('\n\n'), tokenCount: size });
    parts = [];
    size = 0;
  };

  for (const block of doc.blocks) {
    if (block.kind === 'heading') {
      flush();
      while (path.length && path[path.length - 1].level >= block.level) path.pop();
      path.push({ level: block.level, text: block.text });
      continue;
    }
    for (const piece of splitLong(block.text, max)) {
      const tokens = tokenCount(piece);
      if (size > 0 && size + tokens > target) flush();
      parts.push(piece);
      size += tokens;
    }
  }
  flush();
  return chunks;
}

/**
 * A paragraph as pieces of at most `max` tokens: cut between lines, else between sentences,
 * else every `max` tokens. Token counts are summed per unit so long texts stay linear.
 */
function splitLong(text: string, max: number): string[] {
  if (tokenCount(text) <= max) return [text];
  const lines = text.split('\n').filter((l) => l.trim());
  const units = lines.length > 1 ? lines : (text.match(/[^.!?。！？]+(?:[.!?。！？]+["'”’)\]]*\s*|$)/g) ?? []).filter((u) => u.trim());
  if (units.length <= 1) return splitTokens(text, max);
  const sep = lines.length > 1 ? '\n' : '';
  const pieces: string[] = [];
  let current: string[] = [];
  let size = 0;
  const flush = () => {
    if (current.length) pieces.push(current.join(sep).trim());
    current = [];
    size = 0;
  };
  for (const unit of units) {
    const tokens = tokenCount(unit);
    if (tokens > max) {
      flush();
      pieces.push(...splitLong(unit, max));
      continue;
    }
    if (size + tokens > max) flush();
    current.push(unit);
    size += tokens;
  }
  flush();
  return pieces.filter(Boolean);
}

function splitTokens(text: string, max: number): string[] {
  if (LONG_RUN.test(text)) {
    // no word boundaries to speak of (base64, minified data): cut by characters instead
    const pieces: string[] = [];
    for (let i = 0; i < text.length; i += max * CHARS_PER_TOKEN) pieces.push(text.slice(i, i + max * CHARS_PER_TOKEN));
    return pieces.filter((p) => p.trim());
  }
  const tokens = encode(text);
  const pieces: string[] = [];
  for (let i = 0; i < tokens.length; i += max) pieces.push(decode(tokens.slice(i, i + max)).trim());
  return pieces.filter(Boolean);
}

// BPE cost grows with the square of a word's length, so a 200 kB run without spaces (an
// embedded base64 image, say) would stall the scan: such runs are estimated, not encoded.
const LONG_RUN = /\S{200,}/;
const CHARS_PER_TOKEN = 3;

function tokenCount(text: string): number {
  if (!LONG_RUN.test(text)) return countTokens(text);
  let n = 0;
  for (const part of text.split(/(\S{200,})/)) {
    n += part.length >= 200 && !/\s/.test(part) ? Math.ceil(part.length / CHARS_PER_TOKEN) : part ? countTokens(part) : 0;
  }
  return n;
}

function sameText(a: string, b: string | null) {
  const norm = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  return b !== null && (norm(a) === norm(b) || norm(b).startsWith(norm(a)));
}
