import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  MAX_SURVEYS_PER_CHATBOT,
  newSurveyConfig,
  SURVEY_MESSAGES,
  type CreateSurveyRequest,
  type Survey,
  type SurveyConfig,
  type SurveyStatus,
  type SurveyWithCounts,
  type UpdateSurveyRequest,
} from '@parley/contracts';
import { issueLine, surveyConfigSchema } from '@parley/contracts/schemas';
import { db } from '../../db/client';
import { chatbots, chatSessions, surveyResponses, surveys } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { getOwnedChatbot } from '../chatbots/chatbots.service';
import { countedResponses } from './countedResponses';

/** The surveys of one of the owner's bots, newest first, with their counted responses. */
export function listSurveys(userId: string, chatbotRef: string | number): SurveyWithCounts[] {
  const bot = getOwnedChatbot(userId, chatbotRef);
  return selectSurveys({ chatbotId: bot.id }).all().map(toSurveyWithCounts);
}

/**
 * A new draft survey: the defaults of a new config with whatever part of a config was sent laid
 * over them, checked as a whole (question ids must differ across the whole list).
 */
export function createSurvey(userId: string, chatbotRef: string | number, input: CreateSurveyRequest): SurveyWithCounts {
  const bot = getOwnedChatbot(userId, chatbotRef);
  const sent = Object.fromEntries(Object.entries(input.surveyConfig ?? {}).filter(([, v]) => v !== undefined));
  const surveyConfig = parseSurveyConfig({ ...newSurveyConfig(newSurveyConfigId()), ...sent });
  const id = db.transaction((tx) => {
    const existing = tx.select({ n: count() }).from(surveys).where(eq(surveys.chatbotId, bot.id)).get()?.n ?? 0;
    if (existing >= MAX_SURVEYS_PER_CHATBOT) throw badRequest(`A chatbot can have at most ${MAX_SURVEYS_PER_CHATBOT} surveys`);
    return tx
      .insert(surveys)
      .values({ chatbotId: bot.id, name: input.name, description: input.description ?? null, status: 'draft', surveyConfig: asStored(surveyConfig) })
      .returning({ id: surveys.id })
      .get().id;
  });
  return getSurveyWithCounts(id);
}

/**
 * Changes any of a survey's fields. A survey that is, or becomes, active must keep at least one
 * question: a visitor starting it would otherwise get an empty survey.
 */
export function updateSurvey(userId: string, surveyId: number, input: UpdateSurveyRequest): SurveyWithCounts {
  const survey = getOwnedSurvey(userId, surveyId);
  const status = input.status ?? survey.status;
  const config = input.surveyConfig ?? survey.surveyConfig;
  if (status === 'active' && config.questions.length === 0) {
    // Removing the last question of a live survey is another mistake than activating an empty one.
    throw badRequest(survey.status === 'active' ? SURVEY_MESSAGES.activeNeedsQuestion : SURVEY_MESSAGES.activateNeedsQuestion);
  }
  db.update(surveys)
    .set({
      ...(input.name !== undefined && { name: input.name }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.status !== undefined && { status: input.status }),
      ...(input.surveyConfig !== undefined && { surveyConfig: asStored(input.surveyConfig) }),
      updatedAt: new Date(),
    })
    .where(eq(surveys.id, survey.id))
    .run();
  return getSurveyWithCounts(survey.id);
}

/**
 * Deletes a survey with its responses (the foreign key cascades). Sessions in the middle of it
 * let it go, so their next message is an ordinary question again.
 */
export function deleteSurvey(userId: string, surveyId: number): { success: true } {
  const survey = getOwnedSurvey(userId, surveyId);
  db.transaction((tx) => {
    // The bot's own sessions only: its index reaches them, and no other bot's session can hold this survey.
    tx.update(chatSessions)
      .set({ activeSurveyId: null })
      .where(and(eq(chatSessions.chatbotId, survey.chatbotId), eq(chatSessions.activeSurveyId, survey.id)))
      .run();
    tx.delete(surveys).where(eq(surveys.id, survey.id)).run();
  });
  return { success: true };
}

/** One of the owner's surveys; someone else's is the same 404 as a missing one. */
export function getOwnedSurvey(userId: string, surveyId: number): Survey {
  const row = db
    .select({ survey: surveys })
    .from(surveys)
    .innerJoin(chatbots, eq(chatbots.id, surveys.chatbotId))
    .where(and(eq(surveys.id, surveyId), eq(chatbots.userId, userId)))
    .get();
  if (!row) throw notFound('Survey not found');
  return toSurvey(row.survey);
}

/**
 * The bot's surveys as other features name them, oldest first: id, name, status and the title
 * visitors see ('' when a stored config has none).
 */
export function surveySummaries(chatbotId: number): { id: number; name: string; status: SurveyStatus; title: string }[] {
  return db
    .select({ id: surveys.id, name: surveys.name, status: surveys.status, config: surveys.surveyConfig })
    .from(surveys)
    .where(eq(surveys.chatbotId, chatbotId))
    .orderBy(surveys.id)
    .all()
    .map(({ config, ...survey }) => ({ ...survey, title: typeof config.title === 'string' ? config.title : '' }));
}

type SurveyRow = typeof surveys.$inferSelect;
type ConfigInput = z.input<typeof surveyConfigSchema>;

function getSurveyWithCounts(id: number): SurveyWithCounts {
  return toSurveyWithCounts(selectSurveys({ surveyId: id }).get()!);
}

/** The bot's surveys, or one survey, each with its counted and completed responses. */
function selectSurveys(scope: { chatbotId: number } | { surveyId: number }) {
  const { counted } = countedResponses(scope);
  return db
    .select({
      survey: surveys,
      responseCount: sql<number>`coalesce(sum(case when ${counted} then 1 else 0 end), 0)`,
      completedCount: sql<number>`coalesce(sum(case when ${counted} and ${surveyResponses.completed} = 1 then 1 else 0 end), 0)`,
    })
    .from(surveys)
    .leftJoin(surveyResponses, eq(surveyResponses.surveyId, surveys.id))
    .leftJoin(chatSessions, eq(chatSessions.sessionId, surveyResponses.sessionId))
    .where('chatbotId' in scope ? eq(surveys.chatbotId, scope.chatbotId) : eq(surveys.id, scope.surveyId))
    .groupBy(surveys.id)
    .orderBy(desc(surveys.createdAt), desc(surveys.id))
    .$dynamic();
}

function toSurveyWithCounts(row: { survey: SurveyRow; responseCount: number; completedCount: number }): SurveyWithCounts {
  return { ...toSurvey(row.survey), responseCount: Number(row.responseCount), completedCount: Number(row.completedCount) };
}

/** A stored survey as the API answers it. */
export function toSurvey(row: SurveyRow): Survey {
  return {
    id: row.id,
    chatbotId: row.chatbotId,
    name: row.name,
    description: row.description,
    status: row.status,
    // Written only through the config schema, so it has that shape.
    surveyConfig: row.surveyConfig as unknown as SurveyConfig,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const asStored = (config: SurveyConfig) => config as unknown as Record<string, unknown>;

/** The config's internal id: 'survey_' and 12 base-36 characters. */
function newSurveyConfigId(): string {
  return `survey_${[...randomBytes(12)].map((b) => (b % 36).toString(36)).join('')}`;
}

/**
 * A whole config checked by the shared schema; a failure is the same 400 the routes' validator
 * gives (`details.issues` with dotted paths inside the config, and the flattened errors).
 */
function parseSurveyConfig(config: ConfigInput): SurveyConfig {
  const result = surveyConfigSchema.safeParse(config);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
  const flat = z.flattenError(result.error);
  throw badRequest(issueLine(result.error.issues[0]!), { issues, fieldErrors: flat.fieldErrors, formErrors: flat.formErrors });
}
