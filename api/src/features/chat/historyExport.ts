import { and, asc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import { db } from '../../db/client';
import { chatMessages, chatSessions, type Chatbot, type ChatMessageRow } from '../../db/schema';
import { fileSlug } from '../../lib/attachment';
import { toCsv } from '../../lib/toCsv';
import { HISTORY_CSV_HEADER, type ExportedConversation, type HistoryExportFormat } from '@parley/contracts';
import type { HistoryFilterValues } from '@parley/contracts/schemas';
import { getOwnedChatbot } from '../chatbots/chatbots.service';
import type { SessionRow } from './chat.service';
import { identifiedUser } from './chatIdentity.service';
import { getOwnedSession } from './chatHistory.service';
import { historyFilter, sessionFlags } from './historyFilter';
import { readableMessage } from './readableMessage';

/**
 * An export ready to send: its file name, media type and body, written piece by piece. The
 * first batch has already been read when it is returned, so a query that cannot run fails
 * here, before anything is sent; a later failure throws from `chunks`.
 */
export type HistoryDownload = { filename: string; contentType: string; chunks: AsyncIterable<string> };

/**
 * Every conversation of the owner's bot that the history filters select, as CSV (one row per
 * message) or JSON (`HistoryExport`), oldest conversation first. Conversations are read and
 * written in batches, so a bot with tens of thousands of them never sits in memory at once.
 */
export async function exportConversations(userId: string, guid: string, filters: HistoryFilterValues, format: HistoryExportFormat): Promise<HistoryDownload> {
  const bot = await getOwnedChatbot(userId, guid);
  const day = new Date().toISOString().slice(0, 10);
  return {
    filename: `${fileSlug(bot.name)}-conversations-${day}.${format}`,
    contentType: CONTENT_TYPES[format],
    chunks: await writeExport(bot, historyFilter(bot.id, filters), format),
  };
}

/** One conversation of the owner's as CSV or JSON; a foreign or unknown one is a 404. */
export async function exportConversation(userId: string, sessionId: string, format: HistoryExportFormat): Promise<HistoryDownload> {
  const { session, bot } = await getOwnedSession(userId, sessionId);
  return {
    filename: `${fileSlug(bot.name)}-conversation-${session.sessionId.slice(-8)}.${format}`,
    contentType: CONTENT_TYPES[format],
    chunks: await writeExport(bot, eq(chatSessions.id, session.id), format),
  };
}

const CONTENT_TYPES: Record<HistoryExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** Conversations read per batch: a few thousand messages at most in memory. */
const BATCH_SIZE = 200;

/**
 * The export's pieces, the first (the opening with the first batch written out) already made:
 * whatever fails there, the search query or the first batch's data, fails before a response
 * has started.
 */
async function writeExport(bot: Chatbot, where: SQL, format: HistoryExportFormat): Promise<AsyncIterable<string>> {
  return await readAhead(await writeBatches(bot, await conversationBatches(where), format));
}

/** One piece per batch, the opening glued to the first; empty pieces are left out. */
async function* writeBatches(bot: Chatbot, batches: AsyncIterable<ExportBatch>, format: HistoryExportFormat): AsyncGenerator<string> {
  let opening =
    format === 'csv'
      ? toCsv([[...HISTORY_CSV_HEADER]])
      : `{"chatbot":${JSON.stringify({ guid: bot.guid, name: bot.name })},"exportedAt":${JSON.stringify(new Date().toISOString())},"conversations":[`;
  let written = 0;
  for await (const batch of batches) {
    let piece = '';
    if (format === 'csv') {
      const rows = batch.flatMap(({ session, messages }) => messages.map((m) => csvRow(session, m)));
      if (rows.length) piece = toCsv(rows, { bom: false });
    } else if (batch.length) {
      piece = `${written ? ',' : ''}${batch.map(({ session, messages }) => JSON.stringify(exportedConversation(session, messages))).join(',')}`;
    }
    written += batch.length;
    if (opening + piece) yield opening + piece;
    opening = '';
  }
  yield opening + (format === 'csv' ? '' : ']}');
}

type ExportBatch = { session: SessionRow; messages: ChatMessageRow[] }[];

/** `items` with its first item made now: a generator's body would otherwise wait for the first pull. */
async function readAhead<T>(items: AsyncIterator<T>): Promise<AsyncIterable<T>> {
  const first = await items.next();
  return {
    async *[Symbol.asyncIterator]() {
      if (first.done) return;
      yield first.value;
      for (let next = await items.next(); !next.done; next = await items.next()) yield next.value;
    },
  };
}

/**
 * The selected conversations with their messages, a batch at a time, in session id order: new
 * messages arriving during the export only move a conversation's last activity, never its
 * place, so none is skipped or written twice.
 */
async function* conversationBatches(where: SQL): AsyncGenerator<ExportBatch> {
  for (let after = 0; ; ) {
    const sessions = await db.select().from(chatSessions).where(and(where, gt(chatSessions.id, after))).orderBy(asc(chatSessions.id)).limit(BATCH_SIZE);
    if (!sessions.length) return;
    const messages = await db
      .select()
      .from(chatMessages)
      .where(inArray(chatMessages.sessionId, sessions.map((s) => s.sessionId)))
      .orderBy(asc(chatMessages.id));
    const bySession = new Map<string, ChatMessageRow[]>();
    for (const m of messages) {
      const list = bySession.get(m.sessionId);
      if (list) list.push(m);
      else bySession.set(m.sessionId, [m]);
    }
    yield sessions.map((session) => ({ session, messages: bySession.get(session.sessionId) ?? [] }));
    after = sessions.at(-1)!.id;
  }
}

function csvRow(session: SessionRow, message: ChatMessageRow): string[] {
  const readable = readableMessage(message);
  return [
    session.sessionId,
    session.createdAt.toISOString(),
    message.createdAt.toISOString(),
    message.sender === 'user' ? 'Visitor' : 'Bot',
    readable.type,
    readable.text,
    message.feedback === 'up' ? 'Thumbs up' : message.feedback === 'down' ? 'Thumbs down' : '',
    message.answerStatus === 'answered' ? 'Answered' : message.answerStatus === 'fallback' ? 'Fallback' : '',
    readable.sources,
    session.identifiedUserId ?? '',
    session.identifiedName ?? '',
    session.identifiedEmail ?? '',
  ];
}

function exportedConversation(session: SessionRow, messages: ChatMessageRow[]): ExportedConversation {
  return {
    sessionId: session.sessionId,
    startedAt: session.createdAt.toISOString(),
    lastMessageAt: session.lastMessageAt.toISOString(),
    messageCount: session.messageCount,
    firstQuestion: session.firstQuestion,
    flags: sessionFlags(session),
    identity: identifiedUser(session),
    messages: messages.map((m) => ({
      id: m.id,
      sender: m.sender,
      messageType: m.messageType,
      content: m.content,
      metadata: m.metadata ?? null,
      feedback: m.feedback ?? null,
      answerStatus: m.answerStatus ?? null,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}
