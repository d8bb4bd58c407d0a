import { z } from 'zod';
import { createSessionRequestSchema as wireCreateSessionSchema, sessionIdSchema } from '../../lib/protocol';

export { selectOptionRequestSchema, sendMessageRequestSchema, streamRequestSchema, submitFormRequestSchema } from '../../lib/protocol';

/**
 * A session id is a bearer secret, so the server refuses ids that are guessable: the random
 * part must carry at least 128 bits for its alphabet (32 hex digits, 22 base64url characters,
 * ...) and must not be repetitive. The wire pattern alone would accept 22 hex digits (88 bits).
 */
export function hasEnoughRandomness(sessionId: string): boolean {
  const random = /^session_\d+_(.+)$/.exec(sessionId)?.[1];
  if (!random) return false;
  const alphabet = /^\d+$/.test(random) ? 10 : /^[0-9a-f]+$/i.test(random) ? 16 : /^[0-9a-z]+$/.test(random) ? 36 : 64;
  const distinct = new Set(random).size;
  return random.length * Math.log2(alphabet) >= 128 && distinct >= Math.min(8, alphabet / 2);
}

export const strongSessionIdSchema = sessionIdSchema.refine(hasEnoughRandomness, 'Invalid session id');
export const sessionParamSchema = z.object({ sessionId: strongSessionIdSchema });
export const createSessionRequestSchema = wireCreateSessionSchema.extend({ sessionId: strongSessionIdSchema });

export const SESSIONS_PAGE_SIZE = 10;

export const sessionsQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1, 'page must be at least 1').default(1),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int()
    .min(1, 'limit must be between 1 and 100')
    .max(100, 'limit must be between 1 and 100')
    .default(SESSIONS_PAGE_SIZE),
});

export const chatbotGuidParamSchema = z.object({ guid: z.string().trim().min(1).max(100) });
