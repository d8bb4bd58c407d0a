import { and, count, desc, eq, gt, inArray, max, sql, sum } from 'drizzle-orm';
import { db } from '../../db/client';
import { chatbots, chatSessions } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { getOwnedChatbot } from '../chatbots/chatbots.service';
import { getSessionRow } from './chat.service';

/**
 * A page of a bot's conversations for its owner, newest activity first, with the totals the
 * history page shows. Sessions opened without any message (a widget opened and closed) are
 * not conversations and are left out. The owner's test chats are conversations too: they are
 * listed and counted in the totals, each marked `isTest` so the page labels it.
 */
export function listSessionsForOwner(userId: string, guid: string, page: number, limit: number) {
  const bot = getOwnedChatbot(userId, guid);
  const where = and(eq(chatSessions.chatbotId, bot.id), gt(chatSessions.messageCount, 0));
  const stats = db
    .select({
      totalCount: count(),
      totalMessages: sum(chatSessions.messageCount),
      longestChat: max(chatSessions.messageCount),
      latestActivity: max(chatSessions.lastMessageAt),
    })
    .from(chatSessions)
    .where(where)
    .get()!;
  const totalCount = stats.totalCount;
  const totalMessages = Number(stats.totalMessages ?? 0);
  const totalPages = Math.max(1, Math.ceil(totalCount / limit));
  const sessions = db
    .select({
      id: chatSessions.id,
      sessionId: chatSessions.sessionId,
      messageCount: chatSessions.messageCount,
      createdAt: chatSessions.createdAt,
      lastMessageAt: chatSessions.lastMessageAt,
      isTest: chatSessions.isTest,
    })
    .from(chatSessions)
    .where(where)
    .orderBy(desc(chatSessions.lastMessageAt), desc(chatSessions.id))
    .limit(limit)
    .offset((page - 1) * limit)
    .all();
  const latest = stats.latestActivity as unknown;
  return {
    chatbotName: bot.name,
    sessions: sessions.map((s) => ({ ...s, createdAt: s.createdAt.toISOString(), lastMessageAt: s.lastMessageAt.toISOString() })),
    pagination: {
      totalCount,
      currentPage: page,
      totalPages,
      hasPreviousPage: page > 1,
      hasNextPage: page < totalPages,
    },
    statistics: {
      totalMessages,
      avgMessagesPerChat: totalCount ? Math.round((totalMessages / totalCount) * 10) / 10 : 0,
      longestChat: stats.longestChat ?? 0,
      latestActivity: latest === null || latest === undefined ? null : new Date(latest as number | Date).toISOString(),
    },
  };
}

/** Deletes one conversation of the owner's bot; a foreign or unknown session is a 404. */
export function deleteSessionAsOwner(userId: string, sessionId: string) {
  const session = getSessionRow(sessionId);
  const bot = session ? db.select({ userId: chatbots.userId }).from(chatbots).where(eq(chatbots.id, session.chatbotId)).get() : undefined;
  if (!session || bot?.userId !== userId) throw notFound('Chat session not found');
  db.delete(chatSessions).where(eq(chatSessions.id, session.id)).run();
}

/** Deletes every conversation of the owner's bot; answers how many went. */
export function deleteAllSessions(userId: string, guid: string): number {
  const bot = getOwnedChatbot(userId, guid);
  return db.delete(chatSessions).where(eq(chatSessions.chatbotId, bot.id)).run().changes;
}

/** Conversations (sessions with at least one message, test chats included) across all the owner's bots. */
export function countConversations(userId: string): number {
  const botIds = db.select({ id: chatbots.id }).from(chatbots).where(eq(chatbots.userId, userId));
  return (
    db
      .select({ n: count() })
      .from(chatSessions)
      .where(and(inArray(chatSessions.chatbotId, botIds), sql`${chatSessions.messageCount} > 0`))
      .get()?.n ?? 0
  );
}
