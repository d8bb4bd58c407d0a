import { and, count, desc, eq, inArray, max, sql, sum } from 'drizzle-orm';
import { db, dialect } from '../../db/client';
import { changedRows, selectRows } from '../../db/raw';
import { chatbots, chatSessions, type Chatbot } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { pageInfo } from '../../lib/pagination';
import { shorten } from '../../lib/shorten';
import { FIRST_QUESTION_MAX_LENGTH, type HistoryMatch, type HistorySession } from '@parley/contracts';
import type { HistoryFilterValues } from '@parley/contracts/schemas';
import { getOwnedChatbot } from '../chatbots/chatbots.service';
import { getSessionRow, type SessionRow } from './chat.service';
import { identifiedUser } from './chatIdentity.service';
import { historyFilter, historyMatchQuery, historyTsMatch, historyTsQuery, sessionFlags } from './historyFilter';

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
  const matches = query.q ? await firstMatches(bot.id, query.q, rows.map((r) => r.sessionId)) : new Map<string, HistoryMatch>();
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
  const session = await getSessionRow(sessionId);
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
  return changedRows(await db.delete(chatSessions).where(eq(chatSessions.chatbotId, bot.id)));
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
async function firstMatches(chatbotId: number, q: string, sessionIds: string[]): Promise<Map<string, HistoryMatch>> {
  if (dialect === 'postgres') return await firstMatchesPg(chatbotId, q, sessionIds);
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

/**
 * PostgreSQL's `firstMatches`: `ts_headline` marks the hits in a window of the message (about as
 * many words as SQLite's snippet), and an ellipsis shows where the message goes on.
 */
async function firstMatchesPg(chatbotId: number, q: string, sessionIds: string[]): Promise<Map<string, HistoryMatch>> {
  const query = historyTsQuery(q);
  const found = new Map<string, HistoryMatch>();
  if (!query || !sessionIds.length) return found;
  const options = `StartSel="${HIT_START}", StopSel="${HIT_END}", MaxWords=${SNIPPET_TOKENS * 2}, MinWords=${SNIPPET_TOKENS}`;
  const rows = await selectRows<{ id: number; sessionId: string; sender: 'user' | 'bot'; content: string; snippet: string }>(sql`
    SELECT DISTINCT ON (m.session_id) m.id AS id, m.session_id AS "sessionId", m.sender AS sender, m.content AS content,
      ts_headline('parley_search', m.content, ${query}, ${options}) AS snippet
    FROM chat_messages m
    WHERE m.chatbot_id = ${chatbotId} AND m.session_id IN (${sql.join(
      sessionIds.map((id) => sql`${id}`),
      sql`, `,
    )}) AND ${historyTsMatch(sql`m.content`, query)}
    ORDER BY m.session_id, m.id`);
  for (const row of rows) {
    const shown = row.snippet.replace(new RegExp(`[${HIT_START}${HIT_END}]`, 'g'), '');
    const text = row.content.trim();
    const snippet = `${text.startsWith(shown.trim()) ? '' : '…'}${row.snippet}${text.endsWith(shown.trim()) ? '' : '…'}`;
    found.set(row.sessionId, { messageId: Number(row.id), sender: row.sender, parts: snippetParts(snippet) });
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
