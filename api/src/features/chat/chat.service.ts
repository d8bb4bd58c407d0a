import { and, asc, desc, eq, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import { db, dialect } from '../../db/client';
import { nowMs } from '../../db/columns';
import { selectRow } from '../../db/raw';
import { transaction } from '../../db/transaction';
import { chatbots, chatMessages, chatSessions, messageCitations, type Chatbot, type ChatMessageRow } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/errors';
import type { AnswerStatus, ChatMessage, ChatSession, MessageType, SourceRef, UnansweredReason } from '@parley/contracts';
import { findChatbotByGuid } from '../chatbots/chatbots.service';
import { getDefaultChatbot } from '../public/defaultChatbot';
import { isValidTestToken } from './chatTestTokens';
import { assertOriginAllowed, isOwnOrigin } from '../public/originPolicy';
import { toPublicChatbotConfig } from '../public/toPublicChatbotConfig';
import { hotStatement } from './hotStatement';
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
  const existing = await getSessionRow(sessionId);
  if (existing) {
    if (existing.chatbotId !== bot.id) throw conflict('This chat session belongs to another chatbot');
    return { session: existing, bot, created: false };
  }
  const isTest = testToken !== undefined;
  if (isTest && !isOwnOrigin(caller.origin, caller.host)) {
    throw forbidden('Test chats can only be started from the Test page of your Parley dashboard.', { reason: 'test_token_foreign_origin' });
  }
  if (isTest && !(await isValidTestToken(testToken, bot.id))) {
    throw forbidden('This test token is invalid or has expired. Reload the Test page to start a new test chat.', { reason: 'invalid_test_token' });
  }
  await caller.beforeCreate?.();
  // Two tabs may open the same id at once; the unique index decides, the loser reads the winner.
  const inserted = (await db.insert(chatSessions).values({ sessionId, chatbotId: bot.id, isTest }).onConflictDoNothing().returning())[0];
  const session = inserted ?? (await getSessionRow(sessionId))!;
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
  const found = (await sessionWithBot({ sessionId }))[0];
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

export async function getSessionRow(sessionId: string): Promise<SessionRow | undefined> {
  return (await sessionById({ sessionId }))[0];
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
export async function recentMessages(sessionId: string, limit: number, beforeId = Number.MAX_SAFE_INTEGER): Promise<ChatMessage[]> {
  return (await recentBefore({ sessionId, beforeId, limit })).reverse().map(toChatMessage);
}

/**
 * Stores a message and, in the same transaction, what the session keeps about it: its counters,
 * and for a visitor question or a hand-off the signals analytics and the history list read.
 */
export async function addMessage(session: Pick<SessionRow, 'sessionId' | 'chatbotId'>, draft: MessageDraft): Promise<ChatMessage> {
  return toChatMessage(
    await insertWithCount(
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
export async function saveAnswer(
  session: Pick<SessionRow, 'sessionId' | 'chatbotId'>,
  id: number,
  patch: { content: string; messageType: string; metadata: Record<string, unknown> },
  outcome: AnswerOutcome,
): Promise<ChatMessage> {
  return toChatMessage(await saveAnswerTx(session, id, patch, outcome));
}

/** The visitor question asked last before message `beforeId`, if any: what an explicit hand-off request is about. */
export async function previousQuestionId(sessionId: string, beforeId: number): Promise<number | null> {
  return (await previousQuestion({ sessionId, beforeId }))[0]?.id ?? null;
}

/** Files a visitor question as unanswered for `reason`, unless it was already filed for a reason. */
export async function fileUnansweredQuestion(questionId: number, reason: UnansweredReason): Promise<void> {
  await fileUnanswered({ id: questionId, reason });
}

export async function updateMessage(
  id: number,
  patch: { content?: string; messageType?: string; metadata?: Record<string, unknown> | null },
): Promise<ChatMessage> {
  const row = (
    patch.content !== undefined && patch.messageType !== undefined && patch.metadata
      ? await updateWhole({ id, content: patch.content, messageType: patch.messageType, metadata: patch.metadata })
      : patch.content !== undefined && patch.messageType === undefined && patch.metadata === undefined
        ? await updateContent({ id, content: patch.content })
        : await db.update(chatMessages).set(patch).where(eq(chatMessages.id, id)).returning()
  )[0];
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

// The statements every chat turn runs (see `hotStatement`).
const sessionWithBot = hotStatement('chat_session_with_bot', () =>
  db
    .select({ session: chatSessions, bot: chatbots })
    .from(chatSessions)
    .innerJoin(chatbots, eq(chatbots.id, chatSessions.chatbotId))
    .where(eq(chatSessions.sessionId, sql.placeholder('sessionId'))),
);
const sessionById = hotStatement('chat_session_by_id', () => db.select().from(chatSessions).where(eq(chatSessions.sessionId, sql.placeholder('sessionId'))));
const recentBefore = hotStatement('chat_recent_before', () =>
  db
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
    .limit(sql.placeholder('limit')),
);
const insertMessage = hotStatement('chat_insert_message', () =>
  db
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
    .returning(),
);
const bumpSession = hotStatement('chat_bump_session', () =>
  db
    .update(chatSessions)
    .set({ messageCount: sql`${chatSessions.messageCount} + 1`, lastMessageAt: sql`${sql.placeholder('at')}` })
    .where(eq(chatSessions.sessionId, sql.placeholder('sessionId'))),
);
// A question asked again (same key as an earlier one of the session) suggests the first answer
// did not help; the session's message index makes the look-back cheap.
const bumpSessionForQuestion = hotStatement('chat_bump_session_for_question', () =>
  db
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
    .where(eq(chatSessions.sessionId, sql.placeholder('sessionId'))),
);
const previousQuestion = hotStatement('chat_previous_question', () =>
  db
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
    .limit(1),
);
const flagFallback = hotStatement('chat_flag_fallback', () =>
  db.update(chatSessions).set({ hasFallback: true }).where(eq(chatSessions.sessionId, sql.placeholder('sessionId'))),
);
const flagHandoff = hotStatement('chat_flag_handoff', () =>
  db.update(chatSessions).set({ hasHandoff: true }).where(eq(chatSessions.sessionId, sql.placeholder('sessionId'))),
);
// A question keeps the first reason it was filed for: the fallback it got outranks a later hand-off.
const fileUnanswered = hotStatement('chat_file_unanswered', () =>
  db
    .update(chatMessages)
    .set({ unansweredReason: sql`${sql.placeholder('reason')}` })
    .where(and(eq(chatMessages.id, sql.placeholder('id')), isNull(chatMessages.unansweredReason))),
);
// The metadata placeholder goes through the column's encoder (JSON text on SQLite, jsonb on PostgreSQL).
const updateAnswer = hotStatement('chat_update_answer', () =>
  db
    .update(chatMessages)
    .set({
      content: sql`${sql.placeholder('content')}`,
      messageType: sql`${sql.placeholder('messageType')}`,
      metadata: columnPlaceholder<Record<string, unknown>>('metadata'),
      answerStatus: sql`${sql.placeholder('answerStatus')}`,
    })
    .where(eq(chatMessages.id, sql.placeholder('id')))
    .returning(),
);
const insertCitation = hotStatement('chat_insert_citation', () =>
  db.insert(messageCitations).values({
    messageId: sql.placeholder('messageId'),
    chatbotId: sql.placeholder('chatbotId'),
    title: sql.placeholder('title'),
    url: sql.placeholder('url'),
  }),
);
const updateContent = hotStatement('chat_update_content', () =>
  db
    .update(chatMessages)
    .set({ content: sql`${sql.placeholder('content')}` })
    .where(eq(chatMessages.id, sql.placeholder('id')))
    .returning(),
);
const updateWhole = hotStatement('chat_update_whole', () =>
  db
    .update(chatMessages)
    .set({
      content: sql`${sql.placeholder('content')}`,
      messageType: sql`${sql.placeholder('messageType')}`,
      metadata: columnPlaceholder<Record<string, unknown>>('metadata'),
    })
    .where(eq(chatMessages.id, sql.placeholder('id')))
    .returning(),
);

/**
 * A placeholder `set()` takes like a value: drizzle then runs the value given for it through
 * the column's encoder, as it does for an insert's placeholders.
 */
function columnPlaceholder<T>(name: string): T {
  return sql.placeholder(name) as unknown as T;
}

function insertWithCount(values: MessageValues, handoff: MessageDraft['handoff']): Promise<ChatMessageRow> {
  if (dialect === 'postgres') return insertWithCountPg(values, handoff);
  return transaction(async () => {
    const row = (await insertMessage(values))[0] as ChatMessageRow;
    const at = row.createdAt.getTime();
    if (row.questionKey !== null) {
      await bumpSessionForQuestion({ sessionId: row.sessionId, at, id: row.id, content: row.content, questionKey: row.questionKey });
    } else await bumpSession({ sessionId: row.sessionId, at });
    if (handoff) {
      await flagHandoff({ sessionId: row.sessionId });
      if (handoff.questionId !== null) await fileUnansweredQuestion(handoff.questionId, 'handoff');
    }
    return row;
  });
}

type MessageValues = Pick<ChatMessageRow, 'sessionId' | 'chatbotId' | 'sender' | 'content' | 'messageType' | 'metadata' | 'questionKey'>;

/**
 * PostgreSQL's `insertWithCount`: one statement instead of a transaction of four round trips
 * (every turn stores two messages). The session row is updated first, which also orders
 * messages stored at once in one session; the question look-back cannot see the new message
 * (one snapshot), as it must not. The row comes back whole from what was inserted: a new
 * message has nothing else set.
 */
async function insertWithCountPg(values: MessageValues, handoff: MessageDraft['handoff']): Promise<ChatMessageRow> {
  const { sessionId, questionKey: key } = values;
  const stored = await selectRow<{ id: number; createdAt: number }>(sql`
    WITH s AS (
      UPDATE chat_sessions SET
        message_count = message_count + 1,
        last_message_at = ${nowMs},
        question_count = question_count + (CASE WHEN ${key}::text IS NULL THEN 0 ELSE 1 END),
        first_question = CASE WHEN ${key}::text IS NULL THEN first_question ELSE coalesce(first_question, ${values.content}::text) END,
        has_repeat = has_repeat OR (${key}::text IS NOT NULL AND ${key}::text <> '' AND EXISTS (
          SELECT 1 FROM chat_messages WHERE session_id = ${sessionId}::text AND question_key = ${key}::text)),
        has_handoff = has_handoff OR ${Boolean(handoff)}::boolean
      WHERE session_id = ${sessionId}::text
      RETURNING last_message_at
    ), m AS (
      INSERT INTO chat_messages (session_id, chatbot_id, sender, content, message_type, metadata, question_key, created_at)
      SELECT ${sessionId}::text, ${values.chatbotId}::bigint, ${values.sender}::text, ${values.content}::text, ${values.messageType}::text,
        ${values.metadata === null ? null : JSON.stringify(values.metadata)}::jsonb, ${key}::text, s.last_message_at FROM s
      RETURNING id, created_at
    ), u AS (
      -- A question keeps the first reason it was filed for.
      UPDATE chat_messages SET unanswered_reason = 'handoff'
      WHERE id = ${handoff?.questionId ?? null}::bigint AND unanswered_reason IS NULL
    )
    SELECT id, created_at AS "createdAt" FROM m`);
  if (!stored) throw notFound('Chat session not found');
  return {
    ...values,
    id: Number(stored.id),
    createdAt: new Date(Number(stored.createdAt)),
    answerStatus: null,
    feedback: null,
    feedbackAt: null,
    unansweredReason: null,
    triage: null,
    triagedAt: null,
    triageSourceId: null,
  };
}

function saveAnswerTx(
  session: Pick<SessionRow, 'sessionId' | 'chatbotId'>,
  id: number,
  patch: { content: string; messageType: string; metadata: Record<string, unknown> },
  outcome: AnswerOutcome,
): Promise<ChatMessageRow> {
  return transaction(async () => {
    const metadata = { ...patch.metadata, answerStatus: outcome.status };
    const row = (await updateAnswer({ id, content: patch.content, messageType: patch.messageType, metadata, answerStatus: outcome.status }))[0];
    if (!row) throw notFound('Message not found');
    if (outcome.status === 'fallback') {
      await flagFallback({ sessionId: session.sessionId });
      if (outcome.questionId !== null) await fileUnansweredQuestion(outcome.questionId, 'fallback');
    } else {
      for (const source of outcome.sources) {
        const title = source.title?.trim() || null;
        const url = source.url?.trim() || null;
        if (title || url) await insertCitation({ messageId: id, chatbotId: session.chatbotId, title, url });
      }
    }
    return row;
  });
}

async function resolveBot(ref: ChatbotRef): Promise<Chatbot> {
  const bot = ref === null || ref === undefined || ref === '' ? await getDefaultChatbot() : await findChatbotByGuid(ref);
  if (!bot) throw notFound('Chatbot not found');
  return bot;
}
