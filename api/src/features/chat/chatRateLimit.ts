import type { Context } from 'hono';
import { env } from '../../env';
import { clientIp } from '../../lib/client-ip';
import { tooManyRequests } from '../../lib/errors';
import { createRateLimiter } from '../../lib/rate-limit';

const perAddress = createRateLimiter({ limit: env.RATE_LIMIT_CHAT_PER_MINUTE, windowMs: 60_000 });
const perSession = createRateLimiter({ limit: env.RATE_LIMIT_SESSION_PER_MINUTE, windowMs: 60_000 });

/**
 * Counts one visitor write against the caller's address and, when given, the chat session;
 * over either limit answers 429 with Retry-After. Reads are not counted.
 */
export function limitChatCall(c: Context, sessionId?: string) {
  check(c, perAddress.hit(clientIp(c)), 'Too many messages from your network. Please wait a moment and try again.');
  if (sessionId) check(c, perSession.hit(sessionId), 'You are sending messages too quickly. Please wait a moment and try again.');
}

function check(c: Context, result: { allowed: boolean; retryAfterSeconds: number }, message: string) {
  if (result.allowed) return;
  c.header('Retry-After', String(result.retryAfterSeconds));
  throw tooManyRequests(message, { retryAfterSeconds: result.retryAfterSeconds });
}
