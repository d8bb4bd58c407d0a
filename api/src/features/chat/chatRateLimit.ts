import type { Context } from 'hono';
import { sql } from 'drizzle-orm';
import { db } from '../../db/client';
import { type Chatbot, dailyBotUsage } from '../../db/schema';
import { env } from '../../env';
import { clientKey } from '../../lib/clientIp';
import { tooManyRequests } from '../../lib/errors';
import { createRateLimiter } from '../../lib/rateLimit';
import type { SessionRow } from './chat.service';

const DAY_MS = 86_400_000;
const perAddress = createRateLimiter({ bucket: 'chat-address', limit: env.RATE_LIMIT_CHAT_PER_MINUTE, windowMs: 60_000 });
const perSession = createRateLimiter({ bucket: 'chat-session', limit: env.RATE_LIMIT_SESSION_PER_MINUTE, windowMs: 60_000 });
const newSessionsPerAddress = createRateLimiter({ bucket: 'chat-new-session', limit: env.RATE_LIMIT_NEW_SESSIONS_PER_HOUR, windowMs: 3_600_000 });
const messagesPerAddressPerDay = createRateLimiter({ bucket: 'chat-address-day', limit: env.RATE_LIMIT_MESSAGES_PER_ADDRESS_PER_DAY, windowMs: DAY_MS });

const TOO_FAST_NETWORK = 'Too many messages from your network. Please wait a moment and try again.';
const TOO_FAST_SESSION = 'You are sending messages too quickly. Please wait a moment and try again.';
const TOO_MANY_SESSIONS = 'Too many new chats from your network. Please wait a while and try again.';
const ADDRESS_DAILY_LIMIT = 'You have reached the number of messages you can send today. Please try again tomorrow.';
const BOT_DAILY_LIMIT = 'This chatbot has answered all the messages it can today. Please try again tomorrow.';

/**
 * Counts one visitor write against the caller's address and, when given, the chat session;
 * over either limit answers 429 with Retry-After. Reads are not counted.
 */
export async function limitChatCall(c: Context, sessionId?: string) {
  check(c, await perAddress.hit(clientKey(c)), TOO_FAST_NETWORK);
  if (sessionId) check(c, await perSession.hit(sessionId), TOO_FAST_SESSION);
}

/**
 * Counts a session about to be created. A fresh session id per message would otherwise walk
 * around the per-session limit, so new sessions are limited per address too.
 */
export async function limitNewSession(c: Context) {
  check(c, await newSessionsPerAddress.hit(clientKey(c)), TOO_MANY_SESSIONS);
}

/**
 * The daily brakes on a visitor message that is about to be answered: per address
 * (`RATE_LIMIT_MESSAGES_PER_ADDRESS_PER_DAY`) and per bot (the owner's `dailyMessageLimit`).
 * They run before the monthly quota is touched, so a visitor stopped here costs the owner
 * nothing. The owner's test session is spared both: the daily cap is a budget for visitors,
 * and testing must not eat it (the per-minute limits still apply).
 */
export async function limitDailyMessages(
  c: Context,
  bot: Pick<Chatbot, 'id' | 'dailyMessageLimit'>,
  session: Pick<SessionRow, 'isTest'>,
  now = new Date(),
) {
  if (session.isTest) return;
  check(c, await messagesPerAddressPerDay.hit(clientKey(c), now.getTime()), ADDRESS_DAILY_LIMIT);
  if (bot.dailyMessageLimit && !(await consumeDaily(bot.id, bot.dailyMessageLimit, now))) {
    const retryAfterSeconds = Math.ceil((nextUtcMidnight(now) - now.getTime()) / 1000);
    check(c, { allowed: false, retryAfterSeconds }, BOT_DAILY_LIMIT);
  }
}

function check(c: Context, result: { allowed: boolean; retryAfterSeconds: number }, message: string) {
  if (result.allowed) return;
  c.header('Retry-After', String(result.retryAfterSeconds));
  throw tooManyRequests(message, { retryAfterSeconds: result.retryAfterSeconds });
}

/** One statement checks and counts, so parallel sends on any instance cannot pass the cap (as the monthly quota). */
async function consumeDaily(chatbotId: number, limit: number, now: Date): Promise<boolean> {
  const counted = await db
    .insert(dailyBotUsage)
    .values({ chatbotId, day: now.toISOString().slice(0, 10), messagesUsed: 1 })
    .onConflictDoUpdate({
      target: [dailyBotUsage.chatbotId, dailyBotUsage.day],
      set: { messagesUsed: sql`${dailyBotUsage.messagesUsed} + 1` },
      setWhere: sql`${dailyBotUsage.messagesUsed} < ${limit}`,
    })
    .returning({ messagesUsed: dailyBotUsage.messagesUsed });
  return counted.length > 0;
}

function nextUtcMidnight(now: Date) {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
}
