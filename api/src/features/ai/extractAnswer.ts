import type { SourceRef } from '@parley/contracts';
import { questionWords } from '../knowledge/questionTerms';
import { headOf } from '../knowledge/rerankPassages';
import type { Passage } from '../knowledge/retrieve';
import { wordFamily } from '../knowledge/wordFamily';
import { RAREST_WEIGHT } from '../knowledge/wordWeight';
import { pickSentences } from './pickSentences';
import { stem, stemSet } from './stem';

// Retrieval, Q&A matching and question grouping read words the way the answers do.
export { stem, stemSet };

export type ExtractedAnswer = { text: string; sources: SourceRef[]; passage: Passage };

/**
 * Answers a question from retrieved passages without a language model: picks the passage
 * that covers enough of the question's topics, then the sentences of it that match best,
 * kept in their original order and followed by a citation. Returns null when no passage is
 * relevant enough, so the caller can say so instead of quoting something unrelated.
 * `weights` (`topicWeights`: how telling each question word is in the bot's content) also
 * refuses a passage for a question whose telling words the content lacks.
 */
export function extractAnswer(question: string, passages: Passage[], weights?: Record<string, number>): ExtractedAnswer | null {
  const asked = termGroups(question);
  const groups = withShortForms(asked, passages);
  if (groups.length === 0 || passages.length === 0) return null;
  const enoughKnown = weights ? knownOutweighsLacking(groups, asked, weights) : null;
  // More than half of the topics must be covered: with only half, two common words of an
  // unrelated question ("who won the world cup") can meet by chance in a code example.
  const needed = Math.max(1, Math.ceil(groups.length * 0.6));

  // The first passage, in ranking order, that covers enough of the topics, and whose answer
  // does too: the sentences quoted, with the title and heading that frame them. A passage may
  // name the topics far apart, and its best sentences then share a word or two with the question
  // by chance ("W6 for Sunday" for "are you open on Sunday afternoons?").
  for (const passage of passages) {
    if (covered(groups, `${headOf(passage)} ${passage.content}`) < needed) continue;
    if (enoughKnown && !enoughKnown(`${headOf(passage)} ${passage.content}`)) continue;
    const body = pickSentences(question, passage, groups, passages);
    if (!body || covered(groups, `${headOf(passage)} ${body}`) < needed) continue;
    // The citation travels in `sources`, which the widget lists under the answer; repeating it in
    // the text would show it twice.
    return { text: body, sources: [{ title: passage.title ?? passage.heading ?? null, url: passage.url ?? null }], passage };
  }
  return null;
}

/**
 * For a question with a telling word the bot's content never uses ("are you open on Sunday
 * *afternoons*?" to a bot that knows nothing of afternoons): whether a text names question words
 * weighing at least as much as the lacking ones, each lacking word weighing as a word the content
 * uses once. Counting topics alone, "open" and "Sunday" are two of three, and a manual's "W6 for
 * Sunday" next to "file opening" answered; "open" is on every other page, and weighs little.
 * A word `weights` leaves out (an everyday word, see `topicWeights`) counts for neither side, and
 * a short form or relative of a word the passages use (`withShortForms`) is not lacking. Null
 * when the content uses every telling word of the question.
 */
function knownOutweighsLacking(groups: string[][], asked: string[][], weights: Record<string, number>): ((text: string) => boolean) | null {
  const byStem = new Map<string, number>();
  for (const [word, weight] of Object.entries(weights)) byStem.set(stem(word), Math.max(byStem.get(stem(word)) ?? 0, weight));
  let lacking = 0;
  const known: { group: string[]; weight: number }[] = [];
  groups.forEach((group, i) => {
    const weight = byStem.get(group[0]!);
    if (weight === undefined) return;
    if (weight > 0) known.push({ group, weight });
    else if (group.length === asked[i]!.length) lacking += RAREST_WEIGHT;
  });
  if (lacking === 0) return null;
  const total = lacking + known.reduce((sum, k) => sum + k.weight, 0);
  return (text) => {
    const words = stemSet(text);
    const found = known.filter((k) => k.group.some((s) => words.has(s))).reduce((sum, k) => sum + k.weight, 0);
    return found >= total / 2;
  };
}

/** How many of the topic groups a text names. */
function covered(groups: string[][], text: string): number {
  const words = stemSet(text);
  return groups.filter((g) => g.some((s) => words.has(s))).length;
}

/**
 * A topic none of the passages names exactly may be a short form of a word they use ("auth"
 * for "authentication", "config" for "configuration"; retrieval searched it as a prefix), or of
 * the same family as one ("uses" and "usage"; retrieval searched those too): the passages'
 * words it begins, or of its family, are added to its group.
 */
function withShortForms(groups: string[][], passages: Passage[]): string[][] {
  const used = new Set<string>();
  for (const p of passages) for (const w of stemSet(`${p.title ?? ''} ${p.heading ?? ''} ${p.content}`)) used.add(w);
  return groups.map((g) => {
    if (g.some((s) => used.has(s))) return g;
    const longer = [...used].filter((w) => g.some((s) => s.length >= 3 && w.length > s.length && w.startsWith(s))).slice(0, 5);
    const family = wordFamily(g[0]!, (w) => used.has(stem(w))).map(stem);
    return longer.length || family.length ? [...new Set([...g, ...longer, ...family])] : g;
  });
}

/** The question's topics: one group per meaningful word, holding its stems and synonyms. */
export function termGroups(question: string): string[][] {
  const groups: string[][] = [];
  const seen = new Set<string>();
  // the retrieval's own reading of the question: same stopwords, synonyms and implied topics
  for (const { word, synonyms } of questionWords(question, true)) {
    const head = stem(word);
    if (seen.has(head)) continue;
    seen.add(head);
    groups.push([...new Set([...[word, ...synonyms].map(stem), ...(VARIANTS.get(head) ?? [])])]);
  }
  // A bare number ("option 2") or a generic word matches too much to decide relevance alone.
  const specific = groups.filter((g) => !GENERIC.has(g[0]) && !/^\d+$/.test(g[0]));
  return specific.length ? specific : groups.filter((g) => !/^\d+$/.test(g[0]));
}

/** Words owners and visitors use for the same thing, beyond the retrieval synonyms. */
const VARIANTS = new Map<string, string[]>();
for (const group of [
  ['bot', 'chatbot', 'assistant'],
  ['color', 'colour'],
  ['customize', 'customise'],
  ['organization', 'organisation'],
  ['email', 'mail', 'e-mail'],
  // "student prices" or "a student deal" is what an owner calls a student discount
  ['discount', 'deal', 'price', 'cheaper'],
]) {
  const stems = group.map((w) => stem(w));
  for (const s of stems) VARIANTS.set(s, stems);
}

// Words that say "I have a question" (or, in a menu's instruction, "the visitor chose") rather
// than what it is about.
const GENERIC = new Set(
  (
    'help question info information detail details explain learn find look ' +
    'visitor user pick picked chose choose chosen select selected option menu click clicked topic ' +
    'answer respond reply provide give describe show start instruction'
  )
    .split(' ')
    .map((w) => stem(w)),
);
