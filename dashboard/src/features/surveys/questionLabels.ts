import type { QuestionType, RatingType } from '@parley/contracts';

/** How the builder names each question type, in the add form, the editor and on each question. */
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  single_choice: 'Single choice',
  multiple_choice: 'Multiple choice',
  text: 'Text',
  rating: 'Rating',
};

export const RATING_TYPE_LABELS: Record<RatingType, string> = { stars: 'Stars', numbers: 'Numbers', scale: 'Scale' };
