import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { db } from '../../db/client';
import { hashSecretToken, newSecretToken } from '../../lib/secretToken';
import { chatTestTokens } from '../../db/schema';
import { getOwnedChatbot } from '../chatbots/chatbots.service';
import { hotStatement } from './hotStatement';

/** Long enough for a working day on the Test page; the page fetches a fresh one well before. */
export const TEST_TOKEN_TTL_MS = 12 * 3_600_000;

/**
 * A token that marks the chats the owner starts from their own Test page as tests. The visitor
 * chat API never sees the owner's cookie, so the signed-in page fetches this token and the
 * widget sends it when it creates the session. Only the token's SHA-256 is stored; expired
 * tokens are pruned here, the one place new ones are written.
 */
export async function issueTestToken(userId: string, guid: string, now = new Date()): Promise<{ token: string; expiresAt: string }> {
  const bot = await getOwnedChatbot(userId, guid);
  const { token, hash } = newSecretToken();
  const expiresAt = new Date(now.getTime() + TEST_TOKEN_TTL_MS);
  await db.delete(chatTestTokens).where(lte(chatTestTokens.expiresAt, now));
  await db.insert(chatTestTokens).values({ tokenHash: hash, chatbotId: bot.id, expiresAt });
  return { token, expiresAt: expiresAt.toISOString() };
}

/** Whether `token` was issued for bot `chatbotId` and has not expired. */
export async function isValidTestToken(token: string, chatbotId: number, now = new Date()): Promise<boolean> {
  return (await findToken({ tokenHash: hashSecretToken(token), chatbotId, now: now.getTime() })).length > 0;
}

const findToken = hotStatement('chat_find_test_token', () =>
  db
    .select({ chatbotId: chatTestTokens.chatbotId })
    .from(chatTestTokens)
    .where(
      and(
        eq(chatTestTokens.tokenHash, sql.placeholder('tokenHash')),
        eq(chatTestTokens.chatbotId, sql.placeholder('chatbotId')),
        gt(chatTestTokens.expiresAt, sql.placeholder('now')),
      ),
    ),
);
