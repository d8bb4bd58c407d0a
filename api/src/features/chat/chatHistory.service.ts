import { and, count, desc, eq, inArray, max, sql, sum } from 'drizzle-orm';
import { db } from '../../db/client';
import { chatbots, chatSessions, type Chatbot } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { pageInfo } from '../../lib/pagination';
import { shorten } from '../../lib/shorten';
import { FIRST_QUESTION_MAX_LENGTH, type HistoryMatch, type HistorySession } from '@parley/contracts';
import type { HistoryFilterValues } from '@parley/contracts/schemas';
import { getOwnedChatbot } from '../chatbots/chatbots.service';
import { getSessionRow, type SessionRow } from './chat.service';
import { identifiedUser } from './chatIdentity.service';
import { historyFilter, historyMatchQuery, sessionFlags } from './historyFilter';

/**
 * A page of a bot's conversations for its owner, newest activity first, with the totals the
 * history page shows; the filters narrow the list, its paging and the totals alike. Sessions
 * opened without any message (a widget opened and closed) are not conversations and are left
 * out. The owner's test chats are conversations too: they are listed and counted, flagged
 * `test` so the page labels them.
 */
export async function listSessionsForOwner(userId: string, guid: string, query: HistoryFilterValues & { page: number; limit: number }) {
  const bot = await getOwnedChatbot(userId, guid);
  const { page, limit } = query;
  const where = historyFilter(bot.id, query);
  const stats = (await db
    .select({
      totalCount: count(),
      totalMessages: sum(chatSessions.messageCount),
      longestChat: max(chatSessions.messageCount),
      latestActivity: max(chatSessions.lastMessageAt),
    })
    .from(chatSessions)
    .where(where).limit(1))[0]!;
  const totalCount = stats.totalCount;
  const totalMessages = Number(stats.totalMessages ?? 0);
  const rows = await db
    .select()
    .from(chatSessions)
    .where(where)
    .orderBy(desc(chatSessions.lastMessageAt), desc(chatSessions.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const matches = query.q ? firstMatches(bot.id, query.q, rows.map((r) => r.sessionId)) : new Map<string, HistoryMatch>();
  const latest = stats.latestActivity as unknown;
  return {
    chatbotName: bot.name,
    sessions: rows.map(
      (s): HistorySession => ({
        id: s.id,
        sessionId: s.sessionId,
        messageCount: s.messageCount,
        createdAt: s.createdAt.toISOString(),
        lastMessageAt: s.lastMessageAt.toISOString(),
        isTest: s.isTest,
        firstQuestion: s.firstQuestion === null ? null : shorten(s.firstQuestion, FIRST_QUESTION_MAX_LENGTH),
        flags: sessionFlags(s),
        match: matches.get(s.sessionId) ?? null,
        identity: identifiedUser(s),
      }),
    ),
    pagination: pageInfo(totalCount, page, limit),
    statistics: {
      totalMessages,
      avgMessagesPerChat: totalCount ? Math.round((totalMessages / totalCount) * 10) / 10 : 0,
      longestChat: stats.longestChat ?? 0,
      latestActivity: latest === null || latest === undefined ? null : new Date(latest as number | Date).toISOString(),
    },
  };
}

/** One conversation of the owner's, with its bot; a foreign or unknown session is a 404 like a missing one. */
export async function getOwnedSession(userId: string, sessionId: string): Promise<{ session: SessionRow; bot: Chatbot }> {
  const session = getSessionRow(sessionId);
  const bot = session ? (await db.select().from(chatbots).where(eq(chatbots.id, session.chatbotId)).limit(1))[0] : undefined;
  if (!session || !bot || bot.userId !== userId) throw notFound('Chat session not found');
  return { session, bot };
}

/** Deletes one conversation of the owner's bot; a foreign or unknown session is a 404. */
export async function deleteSessionAsOwner(userId: string, sessionId: string) {
  const { session } = await getOwnedSession(userId, sessionId);
  await db.delete(chatSessions).where(eq(chatSessions.id, session.id));
}

/** Deletes every conversation of the owner's bot; answers how many went. */
export async function deleteAllSessions(userId: string, guid: string): Promise<number> {
  const bot = await getOwnedChatbot(userId, guid);
  return (await db.delete(chatSessions).where(eq(chatSessions.chatbotId, bot.id))).changes;
}

/** Conversations (sessions with at least one message, test chats included) across all the owner's bots. */
export async function countConversations(userId: string): Promise<number> {
  const botIds = db.select({ id: chatbots.id }).from(chatbots).where(eq(chatbots.userId, userId));
  return (
    (await db
      .select({ n: count() })
      .from(chatSessions)
      .where(and(inArray(chatSessions.chatbotId, botIds), sql`${chatSessions.messageCount} > 0`)).limit(1))[0]?.n ?? 0
  );
}

// Private-use characters: they never occur in what people type, so they can mark the hits.
const HIT_START = '\uE000';
const HIT_END = '\uE001';
/** Words of context a match snippet shows around its hits. */
const SNIPPET_TOKENS = 12;

/** For each listed session, its earliest message matching the search, as a short snippet with the hits marked. */
function firstMatches(chatbotId: number, q: string, sessionIds: string[]): Map<string, HistoryMatch> {
  const match = historyMatchQuery(chatbotId, q);
  const found = new Map<string, HistoryMatch>();
  if (!match || !sessionIds.length) return found;
  const rows = db.all<{ id: number; sessionId: string; sender: 'user' | 'bot'; snippet: string }>(sql`
    SELECT m.id AS id, m.session_id AS sessionId, m.sender AS sender,
      snippet(chat_messages_fts, 0, ${HIT_START}, ${HIT_END}, '…', ${SNIPPET_TOKENS}) AS snippet
    FROM chat_messages_fts JOIN chat_messages m ON m.id = chat_messages_fts.rowid
    WHERE chat_messages_fts MATCH ${match} AND m.session_id IN (${sql.join(
      sessionIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    ORDER BY m.id`);
  for (const row of rows) {
    if (!found.has(row.sessionId)) found.set(row.sessionId, { messageId: row.id, sender: row.sender, parts: snippetParts(row.snippet) });
  }
  return found;
}

/** A marked snippet as plain-text parts, hits flagged, so no client has to render markup. */
function snippetParts(snippet: string): HistoryMatch['parts'] {
  const parts: HistoryMatch['parts'] = [];
  for (const [i, piece] of snippet.split(new RegExp(`[${HIT_START}${HIT_END}]`)).entries()) {
    if (!piece) continue;
    const hit = i % 2 === 1;
    const last = parts.at(-1);
    if (last && last.hit === hit) last.text += piece;
    else parts.push({ text: piece, hit });
  }
  return parts;
}
