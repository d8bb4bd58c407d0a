import { everydayWords } from './everydayWords';
import { termStats } from './ftsIndex';
import { questionWords } from './questionTerms';

/**
 * How telling each word of the texts (a visitor's question, the instruction behind a menu
 * choice) is in the bot's content, as the re-ranking weighs it (`TermStats.weight`, the word or
 * its best synonym); 0 for a word the content never uses, which the offline answer's check then
 * counts as a topic it lacks (`extractAnswer`). An everyday word the content never uses is left
 * out (`everydayWords`): "how long does shipping *take*?" is not about taking.
 */
export async function topicWeights(chatbotId: number, texts: (string | undefined)[]): Promise<Record<string, number>> {
  const stats = termStats(chatbotId);
  if (!stats.exists()) return {};
  const words = texts.flatMap((text) => (text ? questionWords(text, true) : []));
  const isEveryday = await everydayWords();
  const weights = await stats.settle(() => words.map((w) => ({ word: w.word, weight: Math.max(stats.weight(w.word), ...w.synonyms.map((s) => stats.weight(s))) })));
  return Object.fromEntries(weights.filter((w) => w.weight > 0 || !isEveryday(w.word)).map((w) => [w.word, w.weight]));
}
