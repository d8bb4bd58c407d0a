import { stem } from '../ai/extractAnswer';
import type { Alias } from './learnAliases';
import { questionWords } from './questionTerms';
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
): Passage[] {
  const words = questionWords(question);
  const text = ` ${words.map((w) => w.word).join(' ')} `;
  const groups = words.map((w) => [...new Set([w.word, ...w.synonyms].map(stem))]);
  const weights = words.map((w) => Math.max(weightOf(w.word), ...w.synonyms.map(weightOf)));
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  if (groups.length === 0 || totalWeight === 0 || candidates.length <= 1) return candidates.slice(0, limit);
  const top = Math.max(...candidates.map((c) => c.score), 1e-9);
  const asked = new Set(groups.flat());

  // A word "is in" a text when one of the group's stems starts a word of it: cheaper than
  // stemming every word of every candidate, which this runs on for each question.
  const patterns = words.map((w, i) => {
    // an abbreviation also reads as its long form, and each word of a long form as the abbreviation
    const spelled = aliases.flatMap((a) =>
      a.short === w.word ? [a.long] : text.includes(` ${a.long} `) && a.long.split(' ').includes(w.word) ? [a.short] : [],
    );
    const forms = [...new Set([w.word, ...w.synonyms, ...groups[i]!, ...spelled])].map((f) => f.split(' ').map(escapeRegExp).join('[^\\p{L}\\p{N}]+'));
    return new RegExp(`(?:^|[^\\p{L}\\p{N}])(?:${forms.join('|')})`, 'u');
  });
  const seen = candidates.map((c) => {
    const head = `${c.title ?? ''} ${c.heading ?? ''}`.toLowerCase();
    const body = c.content.toLowerCase();
    return {
      passage: c,
      focus: Math.max(focus(c.title, asked), focus(c.heading?.split(' › ').pop(), asked)),
      inHead: patterns.map((p) => p.test(head)),
      inBody: patterns.map((p) => p.test(body)),
    };
  });
  const pageCover = new Map<string, boolean[]>();
  for (const s of seen) {
    const key = s.passage.url ?? `#${s.passage.sourceId}`;
    const cover = pageCover.get(key) ?? groups.map(() => false);
    groups.forEach((_, i) => {
      cover[i] ||= s.inHead[i]! || s.inBody[i]!;
    });
    pageCover.set(key, cover);
  }
  const share = (flags: boolean[]) => flags.reduce((sum, on, i) => sum + (on ? weights[i]! : 0), 0) / totalWeight;

  return seen
    .map((s) => {
      const covered = share(s.inHead.map((h, i) => h || s.inBody[i]!));
      const page = share(pageCover.get(s.passage.url ?? `#${s.passage.sourceId}`)!);
      const score = WEIGHTS.bm25 * (s.passage.score / top) + WEIGHTS.covered * covered + WEIGHTS.head * share(s.inHead) + WEIGHTS.page * page + WEIGHTS.focus * s.focus;
      return { passage: s.passage, score };
    })
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((r) => r.passage);
}

const WEIGHTS = { bm25: 1, covered: 2, head: 1, page: 1, focus: 0.5 };

/**
 * How much of a title is about the question: the share of its words the visitor used. "Data
 * Checksums" is wholly about "turn on data checksums", "DROP TABLESPACE" half about "what is a
 * tablespace": the page named after the topic is the one to read first.
 */
function focus(title: string | null | undefined, asked: Set<string>): number {
  const words = questionWords(title ?? '')
    .map((w) => stem(w.word))
    .filter((w) => !/^\d+$/.test(w));
  if (words.length === 0) return 0;
  return words.filter((w) => asked.has(w)).length / words.length;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
