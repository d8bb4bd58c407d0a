import { stem } from '../ai/extractAnswer';
import { SYNONYM_GROUPS } from '../knowledge/questionTerms';

/** One wording of a question as counted: its key (`questionKey`), a sample text and how often it came. */
export type QuestionWording<T = unknown> = { key: string; text: string; count: number; item?: T };

export type QuestionGroup<T = unknown> = {
  /** The group's most frequent wording (the shortest of equally frequent ones), shown as the question. */
  question: string;
  /** Times any wording of the group was asked. */
  count: number;
  /** Every wording merged into the group, most frequent first (the leading one first among equals). */
  wordings: QuestionWording<T>[];
};

/**
 * Groups questions of similar wording, largest group first. Wordings with the same key are
 * already one (the caller counted them per key); two keys join when their stems overlap enough
 * (Jaccard ≥ 0.6, or one key's stems all inside the other's when it has at least two or the other
 * at most two), with the
 * retrieval's synonyms read as one word ("gift voucher" is "gift card"), so "reset password" and
 * "how to reset my password quickly" are one question while "reset password" and "change email"
 * stay apart. Greedy, most frequent first and, among equally frequent ones, fewest stems first,
 * so the plainest wording leads. A wording joins the first group whose leader it resembles, or
 * one of whose members that contains all of the leader's stems: such a member is about the
 * leader's topic, so groups grow through it without drifting through chains of small overlaps.
 */
export function groupSimilarQuestions<T>(wordings: QuestionWording<T>[]): QuestionGroup<T>[] {
  const sorted = wordings
    .map((wording) => ({ wording, stems: stemsOf(wording.key) }))
    .sort((a, b) => b.wording.count - a.wording.count || a.stems.size - b.stems.size || a.wording.key.localeCompare(b.wording.key));
  const groups: { leader: Set<string>; anchors: Set<string>[]; group: QuestionGroup<T> }[] = [];
  for (const { wording, stems } of sorted) {
    const home = groups.find((g) => g.anchors.some((anchor) => similar(anchor, stems)));
    if (home) {
      home.group.count += wording.count;
      home.group.wordings.push(wording);
      if (containsAll(stems, home.leader)) home.anchors.push(stems);
    } else {
      groups.push({ leader: stems, anchors: [stems], group: { question: wording.text, count: wording.count, wordings: [wording] } });
    }
  }
  return groups.map((g) => g.group).sort((a, b) => b.count - a.count);
}

const MIN_JACCARD = 0.6;

// Each word of a synonym group stands for the group's first word.
const CANONICAL = new Map<string, string>();
for (const group of SYNONYM_GROUPS) {
  const head = stem(group[0]);
  for (const word of group) if (!CANONICAL.has(stem(word))) CANONICAL.set(stem(word), head);
}

/** A key's stems, synonyms read as their group's first word. */
function stemsOf(key: string): Set<string> {
  return new Set(
    key
      .split(' ')
      .filter(Boolean)
      .map((s) => CANONICAL.get(s) ?? s),
  );
}

function containsAll(set: Set<string>, subset: Set<string>) {
  for (const s of subset) if (!set.has(s)) return false;
  return true;
}

function similar(a: Set<string>, b: Set<string>): boolean {
  if (a.size === 0 || b.size === 0) return false;
  let shared = 0;
  for (const s of a) if (b.has(s)) shared++;
  if (shared === 0) return false;
  const smaller = Math.min(a.size, b.size);
  // One set inside the other: "when are you open?" is "what are the store opening hours?", but
  // a single word inside a long question says little.
  if (shared === smaller && (smaller >= 2 || Math.max(a.size, b.size) <= 2)) return true;
  return shared / (a.size + b.size - shared) >= MIN_JACCARD;
}
