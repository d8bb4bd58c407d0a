/**
 * Surveys a bot conducts inside the chat: plain types and the defaults of a new survey. The
 * zod schema is in `survey.schemas.ts`.
 */

export const surveyStatuses = ['draft', 'active', 'archived'] as const;
export type SurveyStatus = (typeof surveyStatuses)[number];

export const questionTypes = ['single_choice', 'multiple_choice', 'text', 'rating'] as const;
export type QuestionType = (typeof questionTypes)[number];

export const ratingTypes = ['stars', 'numbers', 'scale'] as const;
export type RatingType = (typeof ratingTypes)[number];

/** Choice questions have options; text and rating questions have none. */
export const CHOICE_QUESTION_TYPES: readonly QuestionType[] = ['single_choice', 'multiple_choice'];

/** A choice question keeps at least this many options. */
export const MIN_CHOICE_OPTIONS = 2;

/** Bounds of a survey so one config stays a reasonable size to store and to send to a model. */
export const SURVEY_LIMITS = { questions: 50, options: 20, textLength: 500, longTextLength: 2000 } as const;

export interface QuestionOption {
  id: string;
  text: string;
}

export interface QuestionMetadata {
  /** Rating questions: lowest and highest value (1 and 5 unless set). */
  minValue?: number;
  maxValue?: number;
  ratingType?: RatingType;
  [key: string]: unknown;
}

export interface SurveyQuestion {
  id: string;
  text: string;
  type: QuestionType;
  options?: QuestionOption[];
  required: boolean;
  /** Choice questions: the visitor may type an answer that is not among the options. */
  allowFreeChoice?: boolean;
  metadata?: QuestionMetadata;
}

export interface SurveySettings {
  allowBackNavigation: boolean;
  showProgress: boolean;
  savePartialResponses: boolean;
}

export interface SurveyConfig {
  id: string;
  title: string;
  description: string;
  questions: SurveyQuestion[];
  /** Which question follows which answer; free-form until the survey runner defines it. */
  conditionalFlow?: Record<string, unknown>;
  completionMessage: string;
  aiInstructions: string;
  settings: SurveySettings;
}

export interface Survey {
  id: number;
  chatbotId: number;
  name: string;
  description: string | null;
  status: SurveyStatus;
  surveyConfig: SurveyConfig;
  createdAt: string;
  updatedAt: string;
}

/** Defaults of a new survey's config. */
export const SURVEY_DEFAULTS = {
  title: 'New Survey',
  description: 'A new survey',
  completionMessage: 'Thank you for completing the survey!',
  aiInstructions: 'Conduct this survey with a friendly and professional tone.',
  settings: { allowBackNavigation: true, showProgress: true, savePartialResponses: true },
} as const;

/** Rating scale used when a question's bounds are missing or invalid. */
export const DEFAULT_RATING = { minValue: 1, maxValue: 5 } as const;
