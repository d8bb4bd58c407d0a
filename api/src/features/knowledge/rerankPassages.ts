import { stem } from '../ai/stem';
import { compoundsOf } from './compoundForms';
import type { Alias } from './learnAliases';
import { wordFamily } from './wordFamily';
import { identifierWords, plainText, plainWords, questionWords } from './questionTerms';
import type { Passage } from './retrieve';

/**
 * Re-orders BM25's candidates by what a reader would look for: how many of the question's
 * topics a passage covers (a passage naming every topic beats one repeating a single rare
 * word), whether its page title or section heading names them, and whether its page as a
 * whole covers them (several passages of one page matching the question together). BM25's
 * own score still counts, scaled to the best candidate's.
 */
export function rerankPassages(
  question: string,
  candidates: Passage[],
  limit: number,
  weightOf: (word: string) => number = () => 1,
  aliases: Alias[] = [],
  known: (word: string) => boolean = (word) => weightOf(word) > 0,
): Passage[] {
  const words = questionWords(question);
  const text = ` ${words.map((w) => w.word).join(' ')} `;
  const groups = words.map((w) => [...new Set([w.word, ...w.synonyms].map(stem))]);
  const weights = words.map((w) => Math.max(weightOf(w.word), ...w.synonyms.map(weightOf)));
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  if (groups.length === 0 || totalWeight === 0 || candidates.length <= 1) return candidates.slice(0, limit);
  const top = Math.max(...candidates.map((c) => c.score), 1e-9);
  // each two neighbouring words of the question, weighed as the less telling of the two
  const pairWeights = words.slice(1).map((_, i) => Math.min(weights[i]!, weights[i + 1]!));
  const pairWeight = pairWeights.reduce((a, b) => a + b, 0);
  const asked = new Set(groups.flat());

  // A topic "is in" a text when one of its forms starts a word of it (a form of several words:
  // starts that many words in a row). Texts are read into words once and found by their first
  // letters: cheaper than stemming every word, or regular expressions, over every candidate.
  const longForms = aliasIndex(aliases);
  const formsOf = words.map((w, i) => {
    // an abbreviation also reads as its long form, and each word of a long form as the abbreviation
    const spelled = [...(longForms.byShort.get(w.word) ?? []), ...(longForms.byWord.get(w.word) ?? []).filter((a) => text.includes(` ${a.long} `)).map((a) => a.short)];
    // a compound's split form in any inflection of its head: "back up", "backing up"
    const split = compoundsOf(w, known).map((f) => f.split(' ').map((part, k) => (k === 0 ? stem(part) : part)));
    const family = wordFamily(w.word, known).map(stem);
    return [...[...new Set([w.word, ...w.synonyms, ...groups[i]!, ...spelled, ...family])].map(plainWords), ...split].filter((f) => f.length > 0);
  });
  // a page's passages share its title (and often headings): each is read once
  const focusOf = new Map<string, number>();
  const titleFocus = (title: string | null | undefined) => {
    const key = title ?? '';
    const known = focusOf.get(key);
    if (known !== undefined) return known;
    const value = focus(title, asked);
    focusOf.set(key, value);
    return value;
  };
  const seen = candidates.map((c) => {
    const named = c.named ?? [];
    const head = plainText(headOf(c));
    const split = identifierWords(c.content);
    const body = plainText(split ? `${c.content} ${split}` : c.content);
    const headAt = formsOf.map((forms) => found(head, forms));
    const bodyAt = formsOf.map((forms) => found(body, forms));
    const inHead = headAt.map((at) => at.length > 0);
    const inBody = bodyAt.map((at) => at.length > 0);
    let phrases = 0;
    for (let i = 0; i + 1 < words.length; i++) if (adjacent(body, bodyAt[i]!, bodyAt[i + 1]!) || adjacent(head, headAt[i]!, headAt[i + 1]!)) phrases += pairWeights[i]!;
    return {
      passage: c,
      focus: Math.max(titleFocus(c.title), titleFocus(c.heading?.split(' › ').pop()), ...named.map(titleFocus)),
      inHead,
      inBody,
      phrases: pairWeight ? phrases / pairWeight : 0,
    };
  });
  const pageCover = new Map<string, boolean[]>();
  for (const s of seen) {
    const key = pageOf(s.passage);
    const cover = pageCover.get(key) ?? groups.map(() => false);
    groups.forEach((_, i) => {
      cover[i] ||= s.inHead[i]! || s.inBody[i]!;
    });
    pageCover.set(key, cover);
  }
  const share = (flags: boolean[]) => flags.reduce((sum, on, i) => sum + (on ? weights[i]! : 0), 0) / totalWeight;

  return seen
    .map((s) => {
      const features: Record<keyof typeof WEIGHTS, number> = {
        bm25: s.passage.score / top,
        covered: share(s.inHead.map((h, i) => h || s.inBody[i]!)),
        head: share(s.inHead),
        page: share(pageCover.get(pageOf(s.passage))!),
        focus: s.focus,
        phrases: s.phrases,
      };
      let score = 0;
      for (const k of Object.keys(WEIGHTS) as (keyof typeof WEIGHTS)[]) score += WEIGHTS[k] * features[k];
      return { passage: s.passage, score };
    })
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((r) => ({ ...r.passage, score: r.score }));
}

/**
 * How much each signal counts. `phrases`: the question's neighbouring words found next to each
 * other ("execution plan", "disk space"), which says far more than finding them apart. (How
 * many candidates a page has was tried as a signal too: it favoured long reference pages, such
 * as every setting of one area, over the page about the question; and, for a how-question,
 * whether a passage gives instructions ("Choose…", "Run…"): manuals that describe rather than
 * instruct lost more than they won.)
 */
const WEIGHTS = { bm25: 1, covered: 2, head: 1, page: 1, focus: 0.5, phrases: 0.5 };

/**
 * What frames a passage, read as its title by the re-ranking and the offline answer's check: its
 * page title, its heading, and what the site's links call the page in the question's words.
 */
export function headOf(p: Pick<Passage, 'title' | 'heading' | 'named'>): string {
  return `${p.title ?? ''} ${p.heading ?? ''} ${p.named?.join(' · ') ?? ''}`;
}

function pageOf(p: Passage) {
  return p.url ?? `#${p.sourceId}`;
}

/**
 * Where any of the forms occurs in the text as the start of a word (a form of several words:
 * each starting a word, one after the other), as character ranges [start, end) to the end of
 * its last word. Searched with indexOf: far cheaper than splitting every candidate into words,
 * or a regular expression with Unicode classes, for the 40 candidates of each question.
 */
function found(text: string, forms: string[][]): [number, number][] {
  const at: [number, number][] = [];
  for (const form of forms) {
    for (let from = text.indexOf(form[0]!); from !== -1; from = text.indexOf(form[0]!, from + 1)) {
      if (from > 0 && isWordChar(text.charCodeAt(from - 1))) continue;
      let end = wordEnd(text, from + form[0]!.length);
      let ok = true;
      for (let k = 1; k < form.length && ok; k++) {
        const next = nextWord(text, end);
        ok = next !== -1 && text.startsWith(form[k]!, next);
        if (ok) end = wordEnd(text, next + form[k]!.length);
      }
      if (ok) at.push([from, end]);
    }
  }
  return at;
}

/**
 * Whether a match of `b` follows one of `a` with at most one word between ("disk space", "disk
 * and space"), or both are one word: "WAL" stands for both "write" and "ahead". (Two words
 * between found more pairs by chance than it found answers.)
 */
function adjacent(text: string, a: [number, number][], b: [number, number][]): boolean {
  return a.some(([aStart, aEnd]) =>
    b.some(([start, end]) => (start === aStart && end === aEnd) || (start > aEnd && wordsBetween(text, aEnd, start) <= 1)),
  );
}

function wordsBetween(text: string, from: number, to: number): number {
  let count = 0;
  for (let next = nextWord(text, from); next !== -1 && next < to; next = nextWord(text, wordEnd(text, next))) count++;
  return count;
}

/** The index just past the word that goes on at `i`. */
function wordEnd(text: string, i: number): number {
  while (i < text.length && isWordChar(text.charCodeAt(i))) i++;
  return i;
}

/** The start of the next word at or after `i` (skipping what separates words), or -1. */
function nextWord(text: string, i: number): number {
  while (i < text.length && !isWordChar(text.charCodeAt(i))) i++;
  return i < text.length ? i : -1;
}

/** Letters and digits (any script) continue a word; everything else separates words. */
function isWordChar(code: number): boolean {
  if (code < 128) return (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || (code >= 65 && code <= 90);
  return /[\p{L}\p{N}]/u.test(String.fromCharCode(code));
}

const aliasIndexes = new WeakMap<Alias[], { byShort: Map<string, string[]>; byWord: Map<string, Alias[]> }>();
/** A bot's learned abbreviations by short form, and by each word of their long forms. */
function aliasIndex(aliases: Alias[]) {
  let index = aliasIndexes.get(aliases);
  if (!index) {
    index = { byShort: new Map(), byWord: new Map() };
    for (const a of aliases) {
      index.byShort.set(a.short, [...(index.byShort.get(a.short) ?? []), a.long]);
      for (const w of new Set(a.long.split(' '))) index.byWord.set(w, [...(index.byWord.get(w) ?? []), a]);
    }
    aliasIndexes.set(aliases, index);
  }
  return index;
}

/**
 * How much of a title is about the question: the share of its words the visitor used. "Data
 * Checksums" is wholly about "turn on data checksums", "DROP TABLESPACE" half about "what is a
 * tablespace": the page named after the topic is the one to read first.
 */
function focus(title: string | null | undefined, asked: Set<string>): number {
  const words = questionWords(title ?? '')
    .map((w) => stem(w.word))
    .filter((w) => !/^[\d.]+$/.test(w));
  if (words.length === 0) return 0;
  return words.filter((w) => asked.has(w)).length / words.length;
}
