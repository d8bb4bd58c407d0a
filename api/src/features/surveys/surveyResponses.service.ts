import { and, desc, eq, isNotNull, ne, not, or, sql, type SQL } from 'drizzle-orm';
import { transaction } from '../../db/transaction';
import { db } from '../../db/client';
import { jsonEquals, jsonString } from '../../db/sqlDialect';
import { chatMessages, chatSessions, surveyResponses, surveys } from '../../db/schema';
import { logger } from '../../lib/logger';
import { surveyStepOf, type SurveyAnswer, type SurveyConfig, type SurveyStatus } from '@parley/contracts';
import { surveyConfigSchema } from '@parley/contracts/schemas';
import { updateMessage } from '../chat/chat.service';

export type SurveyResponseRow = typeof surveyResponses.$inferSelect;

/** A survey as the chat runs it: its stored config read through the shared schema. */
export type RunnableSurvey = { id: number; chatbotId: number; name: string; status: SurveyStatus; config: SurveyConfig };

/**
 * Survey `surveyId` of bot `chatbotId`, whatever its status, or null when the bot has no such
 * survey or its stored config no longer reads as a survey (nothing could be asked from it).
 */
export async function findSurvey(chatbotId: number, surveyId: number): Promise<RunnableSurvey | null> {
  const row = (await db
    .select()
    .from(surveys)
    .where(and(eq(surveys.id, surveyId), eq(surveys.chatbotId, chatbotId))).limit(1))[0];
  if (!row) return null;
  const config = surveyConfigSchema.safeParse(row.surveyConfig);
  if (!config.success) {
    logger.warn('stored survey config does not parse', { surveyId, error: config.error.message });
    return null;
  }
  return { id: row.id, chatbotId: row.chatbotId, name: row.name, status: row.status, config: config.data };
}

/** The response of session `sessionId` to survey `surveyId`: a visitor has at most one per survey. */
export async function findResponse(surveyId: number, sessionId: string): Promise<SurveyResponseRow | undefined> {
  return (await db
    .select()
    .from(surveyResponses)
    .where(and(eq(surveyResponses.surveyId, surveyId), eq(surveyResponses.sessionId, sessionId))).limit(1))[0];
}

/** Opens the session's response to `survey`, timed from now (an existing one is answered as it is). */
export async function startResponse(survey: RunnableSurvey, sessionId: string): Promise<SurveyResponseRow> {
  const inserted = (await db
    .insert(surveyResponses)
    .values({ surveyId: survey.id, chatbotId: survey.chatbotId, sessionId, answers: {}, currentQuestionIndex: 0, startedAt: new Date() })
    .onConflictDoNothing()
    .returning())[0];
  return inserted ?? (await findResponse(survey.id, sessionId))!;
}

/**
 * Stores `answer` to `questionId`, moves the response on to question `nextIndex` and marks the
 * chat messages that asked the question as answered; past the last of `questionCount`
 * questions it completes the response too. All at once: a response is never left with its last
 * answer but unfinished.
 */
export function recordAnswer(response: SurveyResponseRow, questionId: string, answer: SurveyAnswer, nextIndex: number, questionCount: number) {
  return transaction(async () => {
    const answers = { ...answersOf(response), [questionId]: answer };
    await db.update(surveyResponses).set({ answers, currentQuestionIndex: nextIndex }).where(eq(surveyResponses.id, response.id));
    await closeQuestionMessages(await openQuestionMessages(response.sessionId, response.id, questionId));
    if (nextIndex >= questionCount) await completeResponse(response, questionCount);
  });
}

/**
 * Marks question messages as done with, so a choice recorded on them is never read again; the
 * choice they hold now is noted, so one clicked on them later is known for a stale click.
 */
export async function closeQuestionMessages(messages: { id: number; metadata: Record<string, unknown> | null }[]): Promise<void> {
  for (const message of messages) {
    const step = surveyStepOf(message.metadata);
    const selection = message.metadata?.selection as { selectedAt?: unknown } | undefined;
    const closedChoice = typeof selection?.selectedAt === 'string' ? selection.selectedAt : '';
    await updateMessage(message.id, { metadata: { ...(message.metadata ?? {}), survey: { ...step, answered: true, closedChoice } } });
  }
}

/**
 * Messages of response `responseId` carrying a choice that answers no open copy of the pending
 * question `pendingQuestionId`: an open message asking another question, or any question
 * message clicked after it was closed. The visitor clicked a question the survey has moved
 * past (one left by Back or Skip, say) in a widget that still offered it.
 */
export async function staleChoiceMessages(sessionId: string, responseId: number, pendingQuestionId: string): Promise<QuestionMessage[]> {
  const survey = (key: string) => jsonString(chatMessages.metadata, 'survey', key);
  return await db
    .select({ id: chatMessages.id, metadata: chatMessages.metadata })
    .from(chatMessages)
    .where(
      and(
        questionMessagesOf(sessionId, responseId),
        isNotNull(jsonString(chatMessages.metadata, 'selection')),
        or(
          and(not(answered), ne(survey('questionId'), pendingQuestionId)),
          // Messages closed before closedChoice was noted have none: their choice is an old one.
          ne(survey('closedChoice'), sql`coalesce(${jsonString(chatMessages.metadata, 'selection', 'selectedAt')}, '')`),
        ),
      ),
    )
    .orderBy(desc(chatMessages.id));
}

/** A bot message that asked a survey question, with its metadata. */
type QuestionMessage = { id: number; metadata: Record<string, unknown> | null };

/** The session's bot messages that asked a question of response `responseId`. */
function questionMessagesOf(sessionId: string, responseId: number): SQL {
  return and(
    eq(chatMessages.sessionId, sessionId),
    eq(chatMessages.sender, 'bot'),
    jsonEquals(chatMessages.metadata, ['survey', 'kind'], 'question'),
    jsonEquals(chatMessages.metadata, ['survey', 'responseId'], responseId),
  )!;
}

/** A question message closed (answered, skipped, left by Back, or its choice refused). */
const answered = jsonEquals(chatMessages.metadata, ['survey', 'answered'], true);

/**
 * Leaves `questionId` unanswered (dropping an answer given before), closes the messages that
 * asked it and moves on to `nextIndex`, completing the response at once when it is
 * `questionCount` (nothing left to ask).
 */
export function skipQuestion(response: SurveyResponseRow, questionId: string, nextIndex: number, questionCount: number) {
  return transaction(async () => {
    const { [questionId]: _dropped, ...answers } = answersOf(response);
    await db.update(surveyResponses).set({ answers, currentQuestionIndex: nextIndex }).where(eq(surveyResponses.id, response.id));
    await closeQuestionMessages(await openQuestionMessages(response.sessionId, response.id, questionId));
    if (nextIndex >= questionCount) await completeResponse(response, questionCount);
  });
}

/**
 * Makes question `index` the pending one, closing the messages that asked `leftQuestionId`, the
 * question Back left (going back keeps the earlier question's answer until a new one replaces it).
 */
export function backToQuestion(response: SurveyResponseRow, index: number, leftQuestionId: string) {
  return transaction(async () => {
    await moveToQuestion(response.id, index);
    await closeQuestionMessages(await openQuestionMessages(response.sessionId, response.id, leftQuestionId));
  });
}

/** Notes question `index` (in the survey's current order) as the one the response stands at, as analytics and the CSV read it. */
export async function moveToQuestion(responseId: number, index: number): Promise<void> {
  await db.update(surveyResponses).set({ currentQuestionIndex: index }).where(eq(surveyResponses.id, responseId));
}

/** Marks the response completed now, past its last question, and ends the survey in its session. */
export function completeResponse(response: SurveyResponseRow, questionCount: number) {
  return transaction(async () => {
    await db.update(surveyResponses)
      .set({ completed: true, completedAt: new Date(), currentQuestionIndex: questionCount })
      .where(eq(surveyResponses.id, response.id));
    await setActiveSurvey(response.sessionId, null);
  });
}

/** The survey the session's next messages answer, or none. */
export async function setActiveSurvey(sessionId: string, surveyId: number | null): Promise<void> {
  await db.update(chatSessions).set({ activeSurveyId: surveyId }).where(eq(chatSessions.sessionId, sessionId));
}

export function answersOf(response: SurveyResponseRow): Record<string, SurveyAnswer> {
  return (response.answers ?? {}) as Record<string, SurveyAnswer>;
}

/** The question the newest open question message of response `responseId` asks, or null when none waits for an answer. */
export async function newestOpenQuestionId(sessionId: string, responseId: number): Promise<string | null> {
  const row = (await db
    .select({ questionId: jsonString(chatMessages.metadata, 'survey', 'questionId') })
    .from(chatMessages)
    .where(and(questionMessagesOf(sessionId, responseId), not(answered)))
    .orderBy(desc(chatMessages.id))
    .limit(1))[0];
  return row?.questionId ?? null;
}

/** The questions ever put to the visitor for response `responseId`, answered or not. */
export async function askedQuestionIds(sessionId: string, responseId: number): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ questionId: jsonString(chatMessages.metadata, 'survey', 'questionId') })
    .from(chatMessages)
    .where(questionMessagesOf(sessionId, responseId));
  return new Set(rows.flatMap((r) => (r.questionId === null ? [] : [r.questionId])));
}

/**
 * The session's bot messages that asked `questionId` for response `responseId` and await an
 * answer, latest first. A question is asked a few times at most (again after a refused or stale
 * answer), so the session's message index keeps this cheap.
 */
export async function openQuestionMessages(sessionId: string, responseId: number, questionId: string): Promise<QuestionMessage[]> {
  return await db
    .select({ id: chatMessages.id, metadata: chatMessages.metadata })
    .from(chatMessages)
    .where(and(questionMessagesOf(sessionId, responseId), eq(jsonString(chatMessages.metadata, 'survey', 'questionId'), questionId), not(answered)))
    .orderBy(desc(chatMessages.id));
}
