import type { QuestionType, RatingType, SurveyStatus } from '@parley/contracts';
import type { BadgeTone } from '../../components/Badge';

/** How the dashboard names each question type: in the builder and on Survey Analytics. */
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  single_choice: 'Single choice',
  multiple_choice: 'Multiple choice',
  text: 'Text',
  rating: 'Rating',
};

export const RATING_TYPE_LABELS: Record<RatingType, string> = { stars: 'Stars', numbers: 'Numbers', scale: 'Scale' };

/** A survey's status as its badge shows it, in the builder's list and on Survey Analytics. */
export const SURVEY_STATUS_LABELS: Record<SurveyStatus, string> = { draft: 'Draft', active: 'Active', archived: 'Archived' };

export const SURVEY_STATUS_TONES: Record<SurveyStatus, BadgeTone> = { draft: 'gray', active: 'green', archived: 'amber' };
