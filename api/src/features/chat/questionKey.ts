import { stem } from '../ai/extractAnswer';
import { questionWords } from '../knowledge/questionTerms';

/**
 * A visitor question reduced to what its wording means for grouping: the distinct stems of its
 * content words, sorted, so "How do I reset my password?" and "password reset?" share a key.
 * Stored with each visitor message (`chat_messages.question_key`) so analytics can group
 * questions in SQL. A question of stopwords only ("hi", "what?") keys on its lower-cased text.
 */
export function questionKey(question: string): string {
  const stems = [...new Set(questionWords(question).map((w) => stem(w.word)))].sort();
  if (stems.length > 0) return stems.join(' ').slice(0, MAX_KEY_LENGTH);
  return question.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, MAX_KEY_LENGTH);
}

// A pasted essay is no question to group; its first few hundred characters identify it.
const MAX_KEY_LENGTH = 300;
