/** One wording of a question as counted: its key (`questionKey`), a sample text and how often it came. */
export type QuestionWording<T = unknown> = { key: string; text: string; count: number; item?: T };

export type QuestionGroup<T = unknown> = {
  /** The group's most frequent wording, shown as the question. */
  question: string;
  /** Times any wording of the group was asked. */
  count: number;
  /** Every wording merged into the group, most frequent first. */
  wordings: QuestionWording<T>[];
};

/**
 * Groups questions of similar wording, largest group first. Wordings with the same key are
 * already one (the caller counted them per key); two keys join when their stems overlap enough
 * (Jaccard ≥ 0.6, or one key's stems all inside the other's when it has at least two), so "reset
 * password" and "how to reset my password quickly" are one question while "reset password" and
 * "change email" stay apart. Greedy, most frequent first: a wording joins the first group whose
 * leading wording it resembles, so groups do not drift through chains of small overlaps.
 */
export function groupSimilarQuestions<T>(wordings: QuestionWording<T>[]): QuestionGroup<T>[] {
  const sorted = [...wordings].sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
  const groups: { stems: Set<string>; group: QuestionGroup<T> }[] = [];
  for (const wording of sorted) {
    const stems = new Set(wording.key.split(' ').filter(Boolean));
    const home = groups.find((g) => similar(g.stems, stems));
    if (home) {
      home.group.count += wording.count;
      home.group.wordings.push(wording);
    } else {
      groups.push({ stems, group: { question: wording.text, count: wording.count, wordings: [wording] } });
    }
  }
  return groups.map((g) => g.group).sort((a, b) => b.count - a.count);
}

const MIN_JACCARD = 0.6;

function similar(a: Set<string>, b: Set<string>): boolean {
  if (a.size === 0 || b.size === 0) return false;
  let shared = 0;
  for (const s of a) if (b.has(s)) shared++;
  if (shared === 0) return false;
  const smaller = Math.min(a.size, b.size);
  if (shared === smaller && smaller >= 2) return true;
  return shared / (a.size + b.size - shared) >= MIN_JACCARD;
}
