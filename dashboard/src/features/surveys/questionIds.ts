import type { QuestionOption, SurveyQuestion } from '@parley/contracts';

/**
 * A question id not used yet: `question_{n}`, counting on from the number of questions so a
 * new one usually reads as its position, and skipping ids the survey already has (an id must
 * stay unique, as answers are stored by it).
 */
export function nextQuestionId(questions: readonly Pick<SurveyQuestion, 'id'>[]): string {
  return nextId('question', questions.length + 1, questions);
}

/** An option id not used yet in one question: `option_{n}`. */
export function nextOptionId(options: readonly Pick<QuestionOption, 'id'>[]): string {
  return nextId('option', options.length + 1, options);
}

function nextId(prefix: string, start: number, taken: readonly { id: string }[]): string {
  const used = new Set(taken.map((item) => item.id));
  let n = start;
  while (used.has(`${prefix}_${n}`)) n += 1;
  return `${prefix}_${n}`;
}
