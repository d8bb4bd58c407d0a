/** zod schemas of surveys, checked against the plain types in `survey.ts`. */
import { z } from 'zod';
import {
  CHOICE_QUESTION_TYPES,
  MIN_CHOICE_OPTIONS,
  questionTypes,
  ratingTypes,
  SURVEY_DEFAULTS,
  SURVEY_LIMITS,
  surveyStatuses,
  type SurveyConfig,
  type SurveyQuestion,
} from './survey';
import { boundedJson, cleanString } from './text.schemas';

const text = (label: string, max: number = SURVEY_LIMITS.textLength) =>
  cleanString({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

export const surveyStatusSchema = z.enum(surveyStatuses, { error: 'Status must be draft, active or archived' });

export const surveyQuestionSchema = z
  .object({
    id: z.string().min(1).max(100),
    text: text('Question text'),
    type: z.enum(questionTypes, { error: 'Question type must be single_choice, multiple_choice, text or rating' }),
    options: z.array(z.object({ id: z.string().min(1).max(100), text: text('Option text', 200) })).max(SURVEY_LIMITS.options).optional(),
    required: z.boolean().default(true),
    allowFreeChoice: z.boolean().optional(),
    metadata: z
      .object({ minValue: z.number().int().optional(), maxValue: z.number().int().optional(), ratingType: z.enum(ratingTypes).optional() })
      .loose()
      .optional(),
  })
  .superRefine((q, ctx) => {
    if (CHOICE_QUESTION_TYPES.includes(q.type) && (q.options?.length ?? 0) < MIN_CHOICE_OPTIONS) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: `A choice question needs at least ${MIN_CHOICE_OPTIONS} options` });
    }
    const { minValue, maxValue } = q.metadata ?? {};
    if (q.type === 'rating' && minValue !== undefined && maxValue !== undefined && minValue >= maxValue) {
      ctx.addIssue({ code: 'custom', path: ['metadata'], message: 'Rating minimum must be below its maximum' });
    }
  }) satisfies z.ZodType<SurveyQuestion, unknown>;

export const surveyConfigSchema = z.object({
  id: z.string().min(1).max(100),
  title: text('Title', 200).default(SURVEY_DEFAULTS.title),
  description: cleanString().trim().max(SURVEY_LIMITS.longTextLength).default(SURVEY_DEFAULTS.description),
  questions: z.array(surveyQuestionSchema).max(SURVEY_LIMITS.questions, `A survey has at most ${SURVEY_LIMITS.questions} questions`).default([]),
  conditionalFlow: boundedJson(z.record(z.string(), z.unknown()), { label: 'conditionalFlow', maxDepth: 8, maxBytes: 16 * 1024 }).optional(),
  completionMessage: cleanString().trim().max(SURVEY_LIMITS.longTextLength).default(SURVEY_DEFAULTS.completionMessage),
  aiInstructions: cleanString().trim().max(SURVEY_LIMITS.longTextLength).default(SURVEY_DEFAULTS.aiInstructions),
  settings: z
    .object({ allowBackNavigation: z.boolean().default(true), showProgress: z.boolean().default(true), savePartialResponses: z.boolean().default(true) })
    .default({ ...SURVEY_DEFAULTS.settings }),
}) satisfies z.ZodType<SurveyConfig, unknown>;
