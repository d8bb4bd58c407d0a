import { stem } from '../ai/extractAnswer';
import { compoundForms } from './compoundForms';
import type { Alias } from './learnAliases';
import { plainWords, questionWords } from './questionTerms';
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
  weigh: typeof WEIGHTS = WEIGHTS,
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
    const split = [w.word, ...w.synonyms.filter((f) => f.includes('-'))]
      .flatMap((f) => compoundForms(f, known)).map((f) => f.split(' ').map((part, k) => (k === 0 ? stem(part) : part)));
    return [...[...new Set([w.word, ...w.synonyms, ...groups[i]!, ...spelled])].map(plainWords), ...split].filter((f) => f.length > 0);
  });
  const seen = candidates.map((c) => {
    const head = indexWords(`${c.title ?? ''} ${c.heading ?? ''}`);
    const body = indexWords(c.content);
    const inHead = formsOf.map((forms) => found(head, forms).length > 0);
    const bodyAt = formsOf.map((forms) => found(body, forms));
    const inBody = bodyAt.map((at) => at.length > 0);
    let phrases = 0;
    for (let i = 0; i + 1 < words.length; i++) if (adjacent(bodyAt[i]!, bodyAt[i + 1]!)) phrases += pairWeights[i]!;
    return { passage: c, focus: Math.max(focus(c.title, asked), focus(c.heading?.split(' › ').pop(), asked)), inHead, inBody, phrases: pairWeight ? phrases / pairWeight : 0 };
  });
  const pageCover = new Map<string, boolean[]>();
  const pageSize = new Map<string, number>();
  for (const s of seen) {
    const key = pageKey(s.passage);
    const cover = pageCover.get(key) ?? groups.map(() => false);
    groups.forEach((_, i) => {
      cover[i] ||= s.inHead[i]! || s.inBody[i]!;
    });
    pageCover.set(key, cover);
    pageSize.set(key, (pageSize.get(key) ?? 0) + 1);
  }
  const share = (flags: boolean[]) => flags.reduce((sum, on, i) => sum + (on ? weights[i]! : 0), 0) / totalWeight;

  return seen
    .map((s) => {
      const features: Record<keyof typeof WEIGHTS, number> = {
        bm25: s.passage.score / top,
        covered: share(s.inHead.map((h, i) => h || s.inBody[i]!)),
        head: share(s.inHead),
        page: share(pageCover.get(pageKey(s.passage))!),
        focus: s.focus,
        phrases: s.phrases,
        mass: Math.min(1, (pageSize.get(pageKey(s.passage))! - 1) / MASS_CAP),
      };
      let score = 0;
      for (const k of Object.keys(WEIGHTS) as (keyof typeof WEIGHTS)[]) score += weigh[k] * features[k];
      return { passage: s.passage, score };
    })
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((r) => ({ ...r.passage, score: r.score }));
}

/**
 * How much each signal counts. `phrases`: the question's neighbouring words found next to each
 * other ("execution plan", "disk space"), which says far more than finding them apart; `mass`:
 * how many other candidates come from the same page (a page many passages of which match is
 * about the question, not one that mentions it once).
 */
export const WEIGHTS = { bm25: 1, covered: 2, head: 1, page: 1, focus: 0.5, phrases: 1, mass: 0.5 };
// Candidates of one page past which more say nothing more about it.
const MASS_CAP = 4;

function pageKey(p: Passage) {
  return p.url ?? `#${p.sourceId}`;
}

type IndexedWords = { words: string[]; byStart: Map<string, number[]> };

/** A text's words, with where each two-letter start occurs. */
function indexWords(text: string): IndexedWords {
  const words = plainWords(text);
  const byStart = new Map<string, number[]>();
  words.forEach((w, i) => {
    const key = w.slice(0, 2);
    const list = byStart.get(key);
    if (list) list.push(i);
    else byStart.set(key, [i]);
  });
  return { words, byStart };
}

/** Where any of the forms starts in the text, with how many words it spans: [start, end][]. */
function found(text: IndexedWords, forms: string[][]): [number, number][] {
  const at: [number, number][] = [];
  for (const form of forms) {
    const starts = form[0]!.length >= 2 ? (text.byStart.get(form[0]!.slice(0, 2)) ?? []) : text.words.keys();
    for (const i of starts) {
      if (form.every((part, k) => text.words[i + k]?.startsWith(part))) at.push([i, i + form.length - 1]);
    }
  }
  return at;
}

/**
 * Whether a match of `b` follows one of `a` with at most one word between ("disk space", "plan
 * of a query"), or both are one word: "WAL" stands for both "write" and "ahead".
 */
function adjacent(a: [number, number][], b: [number, number][]): boolean {
  return a.some(([aStart, aEnd]) => b.some(([start, end]) => (start - aEnd >= 1 && start - aEnd <= 2) || (start === aStart && end === aEnd)));
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
