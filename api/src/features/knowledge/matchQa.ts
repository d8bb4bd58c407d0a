import { stemSet, termGroups } from '../ai/extractAnswer';

/** An owner's Q&A as retrieval sees it: the question, its other wordings, the answer. */
export type QaPassageInfo = { question: string; variants: string[] };

/**
 * How well a visitor's question matches an owner's Q&A, or null when it does not match well
 * enough to answer with it. Two checks, both on word stems with the retrieval's synonyms:
 * most of the visitor's topics (≥ 60 %) must appear in the Q&A (question, wordings or answer),
 * and more than half of the topics of one of the Q&A's wordings must appear in what the
 * visitor asked (or exactly half, when both name two topics or more and the Q&A covers all the
 * visitor's: "Do you do student deals?" against "Is there a student discount for online
 * orders?"). The first keeps a Q&A from answering a question about something else; the second
 * keeps a one-word question ("store?") from taking a Q&A about a longer matter it only touches
 * ("Can I pick up my order in the store?"). The score (0–2) orders several matching Q&As.
 */
export function matchQa(question: string, qa: QaPassageInfo & { answer: string }): number | null {
  const asked = termGroups(question);
  if (asked.length === 0) return null;
  const qaWords = stemSet([qa.question, ...qa.variants, qa.answer].join(' '));
  const covered = asked.filter((g) => g.some((s) => qaWords.has(s))).length / asked.length;
  if (covered < MIN_COVERED) return null;

  const askedWords = new Set(asked.flat());
  let best = 0;
  for (const wording of [qa.question, ...qa.variants]) {
    const own = termGroups(wording);
    if (own.length === 0) continue;
    const share = own.filter((g) => g.some((s) => askedWords.has(s))).length / own.length;
    // Exactly half is enough only when everything the visitor asked is in the Q&A: with a topic
    // left over, "How many days do I have to return an item?" would take "Can I return a gift?".
    const enough = share > MIN_WORDING_SHARE || (share === MIN_WORDING_SHARE && own.length >= 2 && asked.length >= 2 && covered === 1);
    if (enough) best = Math.max(best, share);
  }
  return best > 0 ? covered + best : null;
}

const MIN_COVERED = 0.6;
const MIN_WORDING_SHARE = 0.5;

/**
 * A Q&A source's stored wordings (`content_sources.question_variants`: JSON text as SQLite gives it,
 * or the array PostgreSQL's jsonb reads as) as a list; [] when unreadable.
 */
export function questionVariants(json: unknown): string[] {
  try {
    const value: unknown = typeof json === 'string' || json == null ? JSON.parse((json as string | null) ?? '[]') : json;
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}
