import { and, asc, desc, eq, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import { db, sqlite } from '../../db/client';
import { chatbots, chatMessages, chatSessions, messageCitations, type Chatbot, type ChatMessageRow } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/errors';
import type { AnswerStatus, ChatMessage, ChatSession, MessageType, SourceRef, UnansweredReason } from '@parley/contracts';
import { findChatbotByGuid } from '../chatbots/chatbots.service';
import { getDefaultChatbot } from '../public/defaultChatbot';
import { isValidTestToken } from './chatTestTokens';
import { assertOriginAllowed, isOwnOrigin } from '../public/originPolicy';
import { toPublicChatbotConfig } from '../public/toPublicChatbotConfig';
import { questionKey } from './questionKey';

export type SessionRow = typeof chatSessions.$inferSelect;
/** A bot as a visitor names it: its guid, or nothing for the default public bot. */
export type ChatbotRef = string | null | undefined;
/**
 * Where a visitor request comes from, for the bot's allowed-domains list; `beforeCreate` runs
 * only when a new session is about to be created (the route's per-address limit on them).
 */
export type Caller = { origin?: string; host?: string; beforeCreate?: () => Promise<void> | void };
export type MessageDraft = {
  sender: 'user' | 'bot';
  content: string;
  messageType?: MessageType | string;
  metadata?: Record<string, unknown> | null;
  /** A visitor question: stored with its `questionKey` and counted on the session (first question, count, repeat). */
  isQuestion?: boolean;
  /**
   * A hand-off (contact form) message: flags the session, and files `questionId`, the visitor
   * question the bot could not help with, as unanswered unless it already has a reason.
   */
  handoff?: { questionId: number | null };
};
/** How a model-written answer ended, saved with its final text (see `saveAnswer`). */
export type AnswerOutcome = { status: AnswerStatus; questionId: number | null; sources: SourceRef[] };

/**
 * Opens (or re-opens) a visitor session for a bot; `null` means the default public bot. A
 * session id belongs to the first bot it was opened with: reusing it for another bot is a 409.
 * A new session opened with the owner's `testToken` for this bot is a test session; a token
 * that is unknown, expired or another bot's is a 403 rather than a session that would be
 * counted, and so is any token sent from outside Parley's own pages (the Test page), so a
 * leaked token cannot run uncounted chats on another site. An existing session keeps what it
 * was (the token is then not looked at).
 */
export async function openSession(
  sessionId: string,
  chatbotRef: ChatbotRef,
  caller: Caller,
  testToken?: string,
): Promise<{ session: SessionRow; bot: Chatbot; created: boolean }> {
  const bot = await resolveBot(chatbotRef);
  assertOriginAllowed(bot, caller.origin, caller.host);
  const existing = getSessionRow(sessionId);
  if (existing) {
    if (existing.chatbotId !== bot.id) throw conflict('This chat session belongs to another chatbot');
    return { session: existing, bot, created: false };
  }
  const isTest = testToken !== undefined;
  if (isTest && !isOwnOrigin(caller.origin, caller.host)) {
    throw forbidden('Test chats can only be started from the Test page of your Parley dashboard.', { reason: 'test_token_foreign_origin' });
  }
  if (isTest && !isValidTestToken(testToken, bot.id)) {
    throw forbidden('This test token is invalid or has expired. Reload the Test page to start a new test chat.', { reason: 'invalid_test_token' });
  }
  await caller.beforeCreate?.();
  // Two tabs may open the same id at once; the unique index decides, the loser reads the winner.
  const inserted = (await db.insert(chatSessions).values({ sessionId, chatbotId: bot.id, isTest }).onConflictDoNothing().returning())[0];
  const session = inserted ?? getSessionRow(sessionId)!;
  if (session.chatbotId !== bot.id) throw conflict('This chat session belongs to another chatbot');
  return { session, bot, created: Boolean(inserted) };
}

/**
 * The session a visitor call names, with its bot. The session id is the bearer secret: it
 * reads exactly its own conversation. `chatbotRef`, when sent, must be the session's bot.
 * With `create`, an unknown id is opened for `chatbotRef` (the stream call carries it), as a
 * test session when `testToken` is valid.
 */
export async function visitorSession(
  sessionId: string,
  chatbotRef: ChatbotRef,
  caller: Caller,
  options: { create?: boolean; testToken?: string } = {},
): Promise<{ session: SessionRow; bot: Chatbot }> {
  const found = sessionWithBot.get({ sessionId });
  if (!found) {
    if (options.create) return await openSession(sessionId, chatbotRef, caller, options.testToken);
    throw notFound('Chat session not found');
  }
  const { session, bot } = found;
  if (chatbotRef !== undefined && chatbotRef !== null && chatbotRef !== '' && chatbotRef !== bot.guid) {
    throw conflict('This chat session belongs to another chatbot');
  }
  assertOriginAllowed(bot, caller.origin, caller.host);
  return { session, bot };
}

export function getSessionRow(sessionId: string): SessionRow | undefined {
  return sessionById.get({ sessionId });
}

export async function listMessages(sessionId: string): Promise<ChatMessage[]> {
  return (await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.sessionId, sessionId))
    .orderBy(asc(chatMessages.id)))
    .map(toChatMessage);
}

/** The last `limit` visible messages before message `beforeId`, oldest first. */
export function recentMessages(sessionId: string, limit: number, beforeId = Number.MAX_SAFE_INTEGER): ChatMessage[] {
  return recentBefore.all({ sessionId, beforeId, limit }).reverse().map(toChatMessage);
}

/**
 * Stores a message and, in the same transaction, what the session keeps about it: its counters,
 * and for a visitor question or a hand-off the signals analytics and the history list read.
 */
export function addMessage(session: Pick<SessionRow, 'sessionId' | 'chatbotId'>, draft: MessageDraft): ChatMessage {
  return toChatMessage(
    insertWithCount(
      {
        sessionId: session.sessionId,
        chatbotId: session.chatbotId,
        sender: draft.sender,
        content: draft.content,
        messageType: draft.messageType ?? 'text',
        metadata: draft.metadata ?? null,
        questionKey: draft.isQuestion ? questionKey(draft.content) : null,
      },
      draft.handoff,
    ),
  );
}

/**
 * Saves a model-written answer in its final form with its outcome: the status on the message and
 * in its metadata, one citation row per named source of a real answer, and for the fallback
 * the session flag and the visitor question filed as unanswered. All in one transaction, so
 * analytics never see an answer without its signals.
 */
export function saveAnswer(
  session: Pick<SessionRow, 'sessionId' | 'chatbotId'>,
  id: number,
  patch: { content: string; messageType: string; metadata: Record<string, unknown> },
  outcome: AnswerOutcome,
): ChatMessage {
  return toChatMessage(saveAnswerTx(session, id, patch, outcome));
}

/** The visitor question asked last before message `beforeId`, if any: what an explicit hand-off request is about. */
export function previousQuestionId(sessionId: string, beforeId: number): number | null {
  return previousQuestion.get({ sessionId, beforeId })?.id ?? null;
}

/** Files a visitor question as unanswered for `reason`, unless it was already filed for a reason. */
export function fileUnansweredQuestion(questionId: number, reason: UnansweredReason): void {
  fileUnanswered.run({ id: questionId, reason });
}

export async function updateMessage(
  id: number,
  patch: { content?: string; messageType?: string; metadata?: Record<string, unknown> | null },
): Promise<ChatMessage> {
  const row =
    patch.content !== undefined && patch.messageType !== undefined && patch.metadata !== undefined
      ? updateWhole.get({ id, content: patch.content, messageType: patch.messageType, metadata: patch.metadata && JSON.stringify(patch.metadata) })
      : patch.content !== undefined && patch.messageType === undefined && patch.metadata === undefined
        ? updateContent.get({ id, content: patch.content })
        : (await db.update(chatMessages).set(patch).where(eq(chatMessages.id, id)).returning())[0];
  if (!row) throw notFound('Message not found');
  return toChatMessage(row);
}

function toChatMessage(row: ChatMessageRow): ChatMessage {
  return {
    id: row.id,
    sessionId: row.sessionId,
    content: row.content,
    sender: row.sender,
    messageType: row.messageType as MessageType,
    metadata: row.metadata ?? null,
    createdAt: row.createdAt.toISOString(),
    ...(row.sender === 'bot' && row.answerStatus && { feedback: row.feedback ?? null }),
  };
}

export function toChatSession(session: SessionRow, bot: Chatbot): ChatSession {
  return {
    id: session.id,
    sessionId: session.sessionId,
    chatbotId: bot.id,
    chatbotGuid: bot.guid,
    messageCount: session.messageCount,
    createdAt: session.createdAt.toISOString(),
    lastMessageAt: session.lastMessageAt.toISOString(),
    chatbotConfig: toPublicChatbotConfig(bot),
  };
}

// The statements every chat turn runs are prepared once: building and preparing the SQL on
// each call cost more than running it.
const sessionWithBot = db
  .select({ session: chatSessions, bot: chatbots })
  .from(chatSessions)
  .innerJoin(chatbots, eq(chatbots.id, chatSessions.chatbotId))
  .where(eq(chatSessions.sessionId, sql.placeholder('sessionId')))
  .prepare();
const sessionById = db.select().from(chatSessions).where(eq(chatSessions.sessionId, sql.placeholder('sessionId'))).prepare();
const recentBefore = db
  .select()
  .from(chatMessages)
  .where(
    and(
      eq(chatMessages.sessionId, sql.placeholder('sessionId')),
      lt(chatMessages.id, sql.placeholder('beforeId')),
      ne(chatMessages.messageType, 'system'),
    ),
  )
  .orderBy(desc(chatMessages.id))
  .limit(sql.placeholder('limit'))
  .prepare();
const insertMessage = db
  .insert(chatMessages)
  .values({
    sessionId: sql.placeholder('sessionId'),
    chatbotId: sql.placeholder('chatbotId'),
    sender: sql.placeholder('sender'),
    content: sql.placeholder('content'),
    messageType: sql.placeholder('messageType'),
    metadata: sql.placeholder('metadata'),
    questionKey: sql.placeholder('questionKey'),
  })
  .returning()
  .prepare();
const bumpSession = db
  .update(chatSessions)
  .set({ messageCount: sql`${chatSessions.messageCount} + 1`, lastMessageAt: sql`${sql.placeholder('at')}` })
  .where(eq(chatSessions.sessionId, sql.placeholder('sessionId')))
  .prepare();
// A question asked again (same key as an earlier one of the session) suggests the first answer
// did not help; the session's message index makes the look-back cheap.
const bumpSessionForQuestion = db
  .update(chatSessions)
  .set({
    messageCount: sql`${chatSessions.messageCount} + 1`,
    lastMessageAt: sql`${sql.placeholder('at')}`,
    questionCount: sql`${chatSessions.questionCount} + 1`,
    firstQuestion: sql`coalesce(${chatSessions.firstQuestion}, ${sql.placeholder('content')})`,
    hasRepeat: sql`${chatSessions.hasRepeat} or exists (
      select 1 from ${chatMessages}
      where ${chatMessages.sessionId} = ${sql.placeholder('sessionId')} and ${chatMessages.id} < ${sql.placeholder('id')}
        and ${chatMessages.questionKey} = ${sql.placeholder('questionKey')} and ${chatMessages.questionKey} <> '')`,
  })
  .where(eq(chatSessions.sessionId, sql.placeholder('sessionId')))
  .prepare();
const previousQuestion = db
  .select({ id: chatMessages.id })
  .from(chatMessages)
  .where(
    and(
      eq(chatMessages.sessionId, sql.placeholder('sessionId')),
      lt(chatMessages.id, sql.placeholder('beforeId')),
      isNotNull(chatMessages.questionKey),
    ),
  )
  .orderBy(desc(chatMessages.id))
  .limit(1)
  .prepare();
const flagFallback = db
  .update(chatSessions)
  .set({ hasFallback: true })
  .where(eq(chatSessions.sessionId, sql.placeholder('sessionId')))
  .prepare();
const flagHandoff = db
  .update(chatSessions)
  .set({ hasHandoff: true })
  .where(eq(chatSessions.sessionId, sql.placeholder('sessionId')))
  .prepare();
// A question keeps the first reason it was filed for: the fallback it got outranks a later hand-off.
const fileUnanswered = db
  .update(chatMessages)
  .set({ unansweredReason: sql`${sql.placeholder('reason')}` })
  .where(and(eq(chatMessages.id, sql.placeholder('id')), isNull(chatMessages.unansweredReason)))
  .prepare();
const updateAnswer = db
  .update(chatMessages)
  .set({
    content: sql`${sql.placeholder('content')}`,
    messageType: sql`${sql.placeholder('messageType')}`,
    metadata: sql`json(${sql.placeholder('metadata')})`,
    answerStatus: sql`${sql.placeholder('answerStatus')}`,
  })
  .where(eq(chatMessages.id, sql.placeholder('id')))
  .returning()
  .prepare();
const insertCitation = db
  .insert(messageCitations)
  .values({
    messageId: sql.placeholder('messageId'),
    chatbotId: sql.placeholder('chatbotId'),
    title: sql.placeholder('title'),
    url: sql.placeholder('url'),
  })
  .prepare();
const updateContent = db
  .update(chatMessages)
  .set({ content: sql`${sql.placeholder('content')}` })
  .where(eq(chatMessages.id, sql.placeholder('id')))
  .returning()
  .prepare();
const updateWhole = db
  .update(chatMessages)
  .set({
    content: sql`${sql.placeholder('content')}`,
    messageType: sql`${sql.placeholder('messageType')}`,
    metadata: sql`json(${sql.placeholder('metadata')})`,
  })
  .where(eq(chatMessages.id, sql.placeholder('id')))
  .returning()
  .prepare();
const insertWithCount = (values: Record<string, unknown>, handoff: MessageDraft['handoff']): ChatMessageRow => sqlite.transaction((): ChatMessageRow => {
  const row = insertMessage.get(values) as ChatMessageRow;
  const at = row.createdAt.getTime();
  if (row.questionKey !== null) {
    bumpSessionForQuestion.run({ sessionId: row.sessionId, at, id: row.id, content: row.content, questionKey: row.questionKey });
  } else bumpSession.run({ sessionId: row.sessionId, at });
  if (handoff) {
    flagHandoff.run({ sessionId: row.sessionId });
    if (handoff.questionId !== null) fileUnansweredQuestion(handoff.questionId, 'handoff');
  }
  return row;
})();
const saveAnswerTx = (...args: Parameters<typeof saveAnswerBody>): ChatMessageRow => sqlite.transaction(saveAnswerBody)(...args);
const saveAnswerBody = (
  (
    session: Pick<SessionRow, 'sessionId' | 'chatbotId'>,
    id: number,
    patch: { content: string; messageType: string; metadata: Record<string, unknown> },
    outcome: AnswerOutcome,
  ): ChatMessageRow => {
    const metadata = JSON.stringify({ ...patch.metadata, answerStatus: outcome.status });
    const row = updateAnswer.get({ id, content: patch.content, messageType: patch.messageType, metadata, answerStatus: outcome.status });
    if (!row) throw notFound('Message not found');
    if (outcome.status === 'fallback') {
      flagFallback.run({ sessionId: session.sessionId });
      if (outcome.questionId !== null) fileUnansweredQuestion(outcome.questionId, 'fallback');
    } else {
      for (const source of outcome.sources) {
        const title = source.title?.trim() || null;
        const url = source.url?.trim() || null;
        if (title || url) insertCitation.run({ messageId: id, chatbotId: session.chatbotId, title, url });
      }
    }
    return row;
  }
);

async function resolveBot(ref: ChatbotRef): Promise<Chatbot> {
  const bot = ref === null || ref === undefined || ref === '' ? await getDefaultChatbot() : await findChatbotByGuid(ref);
  if (!bot) throw notFound('Chatbot not found');
  return bot;
}
