/** zod schemas of surveys, checked against the plain types in `survey.ts`. */
import { z } from 'zod';
import {
  CHOICE_QUESTION_TYPES,
  DEFAULT_RATING,
  MIN_CHOICE_OPTIONS,
  OTHER_OPTION_ID,
  questionTypes,
  ratingTypes,
  RATING_RANGE,
  SURVEY_ASSISTANT_ACTIONS,
  SURVEY_ASSISTANT_LIMITS,
  SURVEY_DEFAULTS,
  SURVEY_LIMITS,
  surveyChoices,
  surveyStatuses,
  type CreateSurveyRequest,
  type SurveyAssistantRequest,
  type SurveyAssistantResponse,
  type SurveyConfig,
  type SurveyQuestion,
  type UpdateSurveyRequest,
} from './survey';
import { boundedJson, cleanString } from './text.schemas';

const text = (label: string, max: number = SURVEY_LIMITS.textLength) =>
  cleanString({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

export const surveyStatusSchema = z.enum(surveyStatuses, { error: 'Status must be draft, active or archived' });

export const surveyQuestionSchema = z
  .object({
    id: idSchema('Question id'),
    text: text('Question text'),
    type: z.enum(questionTypes, { error: 'Question type must be single_choice, multiple_choice, text or rating' }),
    options: z.array(z.object({ id: idSchema('Option id'), text: text('Option text', 200) })).max(SURVEY_LIMITS.options).optional(),
    required: z.boolean().default(true),
    allowFreeChoice: z.boolean().optional(),
    metadata: z
      .object({
        minValue: z.number().int().min(RATING_RANGE.min).max(RATING_RANGE.max).optional(),
        maxValue: z.number().int().min(RATING_RANGE.min).max(RATING_RANGE.max).optional(),
        ratingType: z.enum(ratingTypes).optional(),
        minSelections: z.number({ error: 'Minimum selections must be a whole number' }).int('Minimum selections must be a whole number').optional(),
        maxSelections: z.number({ error: 'Maximum selections must be a whole number' }).int('Maximum selections must be a whole number').optional(),
      })
      .loose()
      .optional(),
  })
  .superRefine((q, ctx) => {
    if (CHOICE_QUESTION_TYPES.includes(q.type) && (q.options?.length ?? 0) < MIN_CHOICE_OPTIONS) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: `A choice question needs at least ${MIN_CHOICE_OPTIONS} options` });
    }
    const { minValue, maxValue } = q.metadata ?? {};
    if (q.type === 'rating' && (minValue ?? DEFAULT_RATING.minValue) >= (maxValue ?? DEFAULT_RATING.maxValue)) {
      ctx.addIssue({ code: 'custom', path: ['metadata'], message: 'Rating minimum must be below its maximum' });
    }
    const ids = q.options?.map((o) => o.id) ?? [];
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['options'], message: 'Option ids must be unique' });
    if (ids.includes(OTHER_OPTION_ID)) ctx.addIssue({ code: 'custom', path: ['options'], message: `"${OTHER_OPTION_ID}" is reserved for the Other option: use allowFreeChoice` });
    if (q.type === 'multiple_choice') selectionIssues(q, ctx);
  }) satisfies z.ZodType<SurveyQuestion, unknown>;

/**
 * A multiple-choice question's limits: each from 1 to the number of choices the visitor sees
 * (Other included), since a limit above that could never be met, and the minimum at most the
 * maximum. Other question types ignore them.
 */
function selectionIssues(q: Pick<SurveyQuestion, 'options' | 'allowFreeChoice' | 'metadata'>, ctx: z.RefinementCtx) {
  const choices = Math.max(1, surveyChoices(q).length);
  const { minSelections, maxSelections } = q.metadata ?? {};
  for (const [field, label, value] of [
    ['minSelections', 'Minimum', minSelections],
    ['maxSelections', 'Maximum', maxSelections],
  ] as const) {
    if (value !== undefined && (value < 1 || value > choices)) {
      ctx.addIssue({ code: 'custom', path: ['metadata', field], message: `${label} selections must be a whole number from 1 to ${choices}` });
    }
  }
  if (minSelections !== undefined && maxSelections !== undefined && minSelections > maxSelections) {
    ctx.addIssue({ code: 'custom', path: ['metadata', 'minSelections'], message: 'Minimum selections must not exceed maximum selections' });
  }
}

/** Ids travel inside the chat's internal messages, so they keep to letters, digits, _ and -. */
function idSchema(label: string) {
  return z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`)
    .regex(/^[A-Za-z0-9_-]+$/, `${label} may only use letters, digits, _ and -`);
}

/** The config without its cross-question rules: what a create request may send part of. */
const surveyConfigObject = z.object({
  id: idSchema('Survey config id'),
  title: text('Title', 200).default(SURVEY_DEFAULTS.title),
  description: cleanString().trim().max(SURVEY_LIMITS.longTextLength).default(SURVEY_DEFAULTS.description),
  questions: z.array(surveyQuestionSchema).max(SURVEY_LIMITS.questions, `A survey has at most ${SURVEY_LIMITS.questions} questions`).default([]),
  conditionalFlow: boundedJson(z.record(z.string(), z.unknown()), { label: 'conditionalFlow', maxDepth: 8, maxBytes: 16 * 1024 }).optional(),
  completionMessage: cleanString().trim().max(SURVEY_LIMITS.longTextLength).default(SURVEY_DEFAULTS.completionMessage),
  aiInstructions: cleanString().trim().max(SURVEY_LIMITS.longTextLength).default(SURVEY_DEFAULTS.aiInstructions),
  settings: z
    .object({ allowBackNavigation: z.boolean().default(true), showProgress: z.boolean().default(true), savePartialResponses: z.boolean().default(true) })
    .default({ ...SURVEY_DEFAULTS.settings }),
});

export const surveyConfigSchema = surveyConfigObject
  .superRefine((config, ctx) => {
    const ids = config.questions.map((q) => q.id);
    ids.forEach((id, i) => {
      if (ids.indexOf(id) !== i) ctx.addIssue({ code: 'custom', path: ['questions', i, 'id'], message: `Question id "${id}" is used twice` });
    });
  }) satisfies z.ZodType<SurveyConfig, unknown>;

const surveyNameSchema = cleanString({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters');
const surveyDescriptionSchema = cleanString().trim().max(SURVEY_LIMITS.longTextLength, `Description must be at most ${SURVEY_LIMITS.longTextLength} characters`).nullable();

/** A stored config is at most this big, so one survey cannot fill the database. */
const MAX_CONFIG_BYTES = 256 * 1024;
const boundedConfig = boundedJson(surveyConfigSchema, { label: 'surveyConfig', maxDepth: 12, maxBytes: MAX_CONFIG_BYTES });

/** POST /api/chatbots/{id}/surveys. */
export const createSurveyRequestSchema = z.object({
  name: surveyNameSchema,
  description: surveyDescriptionSchema.optional(),
  surveyConfig: boundedJson(surveyConfigObject.partial(), { label: 'surveyConfig', maxDepth: 12, maxBytes: MAX_CONFIG_BYTES }).optional(),
}) satisfies z.ZodType<CreateSurveyRequest, unknown>;

/** PATCH /api/surveys/{id}: any of the fields, flat or wrapped as `{updates: {...}}`; at least one. */
export const updateSurveyRequestSchema = z.preprocess(
  (body) => (body && typeof body === 'object' && 'updates' in body && Object.keys(body).length === 1 ? (body as { updates: unknown }).updates : body),
  z
    .object({ name: surveyNameSchema.optional(), description: surveyDescriptionSchema.optional(), status: surveyStatusSchema.optional(), surveyConfig: boundedConfig.optional() })
    .refine((u) => Object.values(u).some((v) => v !== undefined), { message: 'Nothing to update: send name, description, status or surveyConfig' }),
) satisfies z.ZodType<UpdateSurveyRequest, unknown>;

const assistantText = (label: string, max: number) => cleanString().max(max, `${label} must be at most ${max} characters`);
const assistantActionSchema = z.enum(SURVEY_ASSISTANT_ACTIONS, { error: `action must be one of ${SURVEY_ASSISTANT_ACTIONS.join(', ')}` });

/**
 * POST /api/chatbots/{guid}/survey-assistant. Improving or adding questions needs a current
 * survey; custom needs the owner's words.
 */
export const surveyAssistantRequestSchema = z
  .object({
    action: assistantActionSchema,
    context: z.object({
      chatbotName: assistantText('Chatbot name', SURVEY_ASSISTANT_LIMITS.chatbotName).default(''),
      description: assistantText('Description', SURVEY_ASSISTANT_LIMITS.description).default(''),
      currentSurvey: z
        .object({ name: assistantText('Survey name', 200).default(''), description: assistantText('Survey description', SURVEY_LIMITS.longTextLength).nullish(), surveyConfig: boundedConfig })
        .nullish(),
    }),
    userMessage: assistantText('Message', SURVEY_ASSISTANT_LIMITS.userMessage).default(''),
  })
  .superRefine((body, ctx) => {
    if ((body.action === 'improve_questions' || body.action === 'add_questions') && !body.context.currentSurvey) {
      ctx.addIssue({ code: 'custom', path: ['context', 'currentSurvey'], message: 'Select a survey first: there are no questions to work on.' });
    }
    if (body.action === 'improve_questions' && body.context.currentSurvey && body.context.currentSurvey.surveyConfig.questions.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['context', 'currentSurvey', 'surveyConfig', 'questions'], message: 'This survey has no questions to improve yet. Add some or generate a survey first.' });
    }
    if (body.action === 'custom' && !body.userMessage.trim()) {
      ctx.addIssue({ code: 'custom', path: ['userMessage'], message: 'Write a message for the assistant' });
    }
  }) satisfies z.ZodType<SurveyAssistantRequest, unknown>;

export const surveyAssistantResponseSchema = z.union([
  z.object({ action: assistantActionSchema, bubbles: z.array(z.object({ content: z.string(), metadata: z.object({ surveyConfig: surveyConfigSchema.optional() }).optional() })) }),
  z.object({ action: assistantActionSchema, content: z.string() }),
]) satisfies z.ZodType<SurveyAssistantResponse, unknown>;
