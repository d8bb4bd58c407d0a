import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { db } from '../../db/client';
import { chatbots, chatSessions, newIdentitySecret, type Chatbot } from '../../db/schema';
import { conflict, notFound, unauthorized } from '../../lib/errors';
import { IDENTITY_ERRORS, type IdentifiedUser, type IdentifyRequest, type IdentifyResponse, type IdentitySecretResponse } from '@parley/contracts';
import { getOwnedChatbot } from '../chatbots/chatbots.service';
import type { SessionRow } from './chat.service';

/**
 * Verified identity (`POST /api/chat/{sessionId}/identify`): the site's server computed
 * `userHash = HMAC-SHA256(bot.identitySecret, userId)` (hex); a matching hash labels the
 * conversation with that user, name and email. A wrong hash is a 401 that changes nothing, so the
 * visitor goes on chatting anonymously. A conversation belongs to one user: the same user id
 * again refreshes the name and email (a field not sent keeps its earlier value), another one is
 * a 409. Check and label are one statement, so two users racing for one session cannot both win.
 */
export async function identifyVisitor(session: Pick<SessionRow, 'id'>, bot: Chatbot, input: IdentifyRequest, now = new Date()): Promise<IdentifyResponse> {
  if (!isValidUserHash(await identitySecretOf(bot), input.userId, input.userHash)) {
    throw unauthorized(IDENTITY_ERRORS.badUserHash.message, { reason: IDENTITY_ERRORS.badUserHash.reason });
  }
  const tagged = (await db
    .update(chatSessions)
    .set({
      identifiedUserId: input.userId,
      identifiedName: input.name ?? sql`${chatSessions.identifiedName}`,
      identifiedEmail: input.email ?? sql`${chatSessions.identifiedEmail}`,
      identifiedAt: now,
    })
    .where(and(eq(chatSessions.id, session.id), or(isNull(chatSessions.identifiedUserId), eq(chatSessions.identifiedUserId, input.userId))))
    .returning({ id: chatSessions.id }))[0];
  if (!tagged) throw conflict(IDENTITY_ERRORS.identityMismatch.message, { reason: IDENTITY_ERRORS.identityMismatch.reason });
  return { identified: true, userId: input.userId };
}

/** Whether `userHash` (hex) is the HMAC-SHA256 of `userId` under `secret`, compared in constant time. */
function isValidUserHash(secret: string, userId: string, userHash: string): boolean {
  const expected = createHmac('sha256', secret).update(userId, 'utf8').digest();
  const given = /^[0-9a-f]{64}$/i.test(userHash) ? Buffer.from(userHash, 'hex') : null;
  return given !== null && given.length === expected.length && timingSafeEqual(given, expected);
}

/** The owner's bot's identity secret, for the embed page. */
export async function getIdentitySecret(userId: string, guid: string): Promise<IdentitySecretResponse> {
  return { secret: await identitySecretOf(await getOwnedChatbot(userId, guid)) };
}

/** Replaces the bot's identity secret: hashes made with the old one fail from now on. */
export async function rotateIdentitySecret(userId: string, guid: string): Promise<IdentitySecretResponse> {
  const bot = await getOwnedChatbot(userId, guid);
  const secret = newIdentitySecret();
  await db.update(chatbots).set({ identitySecret: secret, updatedAt: new Date() }).where(eq(chatbots.id, bot.id));
  return { secret };
}

/** The verified user of a conversation, as history and exports show it; null when anonymous. */
export function identifiedUser(
  session: Pick<SessionRow, 'identifiedUserId' | 'identifiedName' | 'identifiedEmail' | 'identifiedAt'>,
): IdentifiedUser | null {
  if (session.identifiedUserId === null) return null;
  return {
    userId: session.identifiedUserId,
    name: session.identifiedName,
    email: session.identifiedEmail,
    identifiedAt: (session.identifiedAt ?? new Date(0)).toISOString(),
  };
}

/**
 * The bot's secret. Every bot has one (given at creation, and by migration 0009 to older bots);
 * a row written some other way without one gets it here, once.
 */
async function identitySecretOf(bot: Pick<Chatbot, 'id' | 'identitySecret'>): Promise<string> {
  if (bot.identitySecret) return bot.identitySecret;
  await db.update(chatbots).set({ identitySecret: newIdentitySecret() }).where(and(eq(chatbots.id, bot.id), isNull(chatbots.identitySecret)));
  const secret = (await db.select({ secret: chatbots.identitySecret }).from(chatbots).where(eq(chatbots.id, bot.id)).limit(1))[0]?.secret;
  if (!secret) throw notFound('Chatbot not found');
  return secret;
}
