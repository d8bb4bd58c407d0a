import { randomBytes } from 'node:crypto';
import { transaction } from '../../db/transaction';
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
import { serializeOn } from '../../db/locks';
import { chatbots, chatSessions, surveyResponses, surveys } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { getOwnedChatbot } from '../chatbots/chatbots.service';
import { countedResponses } from './countedResponses';

/** The surveys of one of the owner's bots, newest first, with their counted responses. */
export async function listSurveys(userId: string, chatbotRef: string | number): Promise<SurveyWithCounts[]> {
  const bot = await getOwnedChatbot(userId, chatbotRef);
  return (await selectSurveys({ chatbotId: bot.id })).map(toSurveyWithCounts);
}

/**
 * A new draft survey: the defaults of a new config with whatever part of a config was sent laid
 * over them, checked as a whole (question ids must differ across the whole list).
 */
export async function createSurvey(userId: string, chatbotRef: string | number, input: CreateSurveyRequest): Promise<SurveyWithCounts> {
  const bot = await getOwnedChatbot(userId, chatbotRef);
  const sent = Object.fromEntries(Object.entries(input.surveyConfig ?? {}).filter(([, v]) => v !== undefined));
  const surveyConfig = parseSurveyConfig({ ...newSurveyConfig(newSurveyConfigId()), ...sent });
  const id = await transaction(async (tx) => {
    // Parallel creations (on any instance) count one after another, so none passes the cap.
    await serializeOn(`surveys:${bot.id}`);
    const existing = (await tx.select({ n: count() }).from(surveys).where(eq(surveys.chatbotId, bot.id)).limit(1))[0]?.n ?? 0;
    if (existing >= MAX_SURVEYS_PER_CHATBOT) throw badRequest(`A chatbot can have at most ${MAX_SURVEYS_PER_CHATBOT} surveys`);
    return (await tx
      .insert(surveys)
      .values({ chatbotId: bot.id, name: input.name, description: input.description ?? null, status: 'draft', surveyConfig: asStored(surveyConfig) })
      .returning({ id: surveys.id }))[0].id;
  });
  return await getSurveyWithCounts(id);
}

/**
 * Changes any of a survey's fields. A survey that is, or becomes, active must keep at least one
 * question: a visitor starting it would otherwise get an empty survey.
 */
export async function updateSurvey(userId: string, surveyId: number, input: UpdateSurveyRequest): Promise<SurveyWithCounts> {
  const survey = await getOwnedSurvey(userId, surveyId);
  const status = input.status ?? survey.status;
  const config = input.surveyConfig ?? survey.surveyConfig;
  if (status === 'active' && config.questions.length === 0) {
    // Removing the last question of a live survey is another mistake than activating an empty one.
    throw badRequest(survey.status === 'active' ? SURVEY_MESSAGES.activeNeedsQuestion : SURVEY_MESSAGES.activateNeedsQuestion);
  }
  await db.update(surveys)
    .set({
      ...(input.name !== undefined && { name: input.name }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.status !== undefined && { status: input.status }),
      ...(input.surveyConfig !== undefined && { surveyConfig: asStored(input.surveyConfig) }),
      updatedAt: new Date(),
    })
    .where(eq(surveys.id, survey.id));
  return await getSurveyWithCounts(survey.id);
}

/**
 * Deletes a survey with its responses (the foreign key cascades). Sessions in the middle of it
 * let it go, so their next message is an ordinary question again.
 */
export async function deleteSurvey(userId: string, surveyId: number): Promise<{ success: true }> {
  const survey = await getOwnedSurvey(userId, surveyId);
  await transaction(async (tx) => {
    // The bot's own sessions only: its index reaches them, and no other bot's session can hold this survey.
    await tx.update(chatSessions)
      .set({ activeSurveyId: null })
      .where(and(eq(chatSessions.chatbotId, survey.chatbotId), eq(chatSessions.activeSurveyId, survey.id)));
    await tx.delete(surveys).where(eq(surveys.id, survey.id));
  });
  return { success: true };
}

/** One of the owner's surveys; someone else's is the same 404 as a missing one. */
export async function getOwnedSurvey(userId: string, surveyId: number): Promise<Survey> {
  const row = (await db
    .select({ survey: surveys })
    .from(surveys)
    .innerJoin(chatbots, eq(chatbots.id, surveys.chatbotId))
    .where(and(eq(surveys.id, surveyId), eq(chatbots.userId, userId))).limit(1))[0];
  if (!row) throw notFound('Survey not found');
  return toSurvey(row.survey);
}

/**
 * The bot's surveys as other features name them, oldest first: id, name, status and the title
 * visitors see ('' when a stored config has none).
 */
export async function surveySummaries(chatbotId: number): Promise<{ id: number; name: string; status: SurveyStatus; title: string }[]> {
  return (await db
    .select({ id: surveys.id, name: surveys.name, status: surveys.status, config: surveys.surveyConfig })
    .from(surveys)
    .where(eq(surveys.chatbotId, chatbotId))
    .orderBy(surveys.id))
    .map(({ config, ...survey }) => ({ ...survey, title: typeof config.title === 'string' ? config.title : '' }));
}

type SurveyRow = typeof surveys.$inferSelect;
type ConfigInput = z.input<typeof surveyConfigSchema>;

async function getSurveyWithCounts(id: number): Promise<SurveyWithCounts> {
  return toSurveyWithCounts((await selectSurveys({ surveyId: id }))[0]!);
}

/** The bot's surveys, or one survey, each with its counted and completed responses (awaiting runs it). */
async function selectSurveys(scope: { chatbotId: number } | { surveyId: number }) {
  const { counted } = await countedResponses(scope);
  return db
    .select({
      survey: surveys,
      responseCount: sql<number>`coalesce(sum(case when ${counted} then 1 else 0 end), 0)`,
      completedCount: sql<number>`coalesce(sum(case when ${counted} and ${surveyResponses.completed} then 1 else 0 end), 0)`,
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
