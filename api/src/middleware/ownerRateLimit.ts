import { createMiddleware } from 'hono/factory';
import { tooManyRequests } from '../lib/errors';
import { createRateLimiter } from '../lib/rateLimit';
import type { OwnerEnv } from './auth';

/**
 * Limits each signed-in owner to `limit` requests a minute on the routes it guards (one counter
 * per use, keyed by the owner), answering 429 with Retry-After and `message` beyond it. Meant for
 * the assistants that call a language model: a person typing stays well under, a script does not.
 */
export function ownerRateLimit({ bucket, limit, message }: { bucket: string; limit: number; message: string }) {
  const perUser = createRateLimiter({ bucket, limit, windowMs: 60_000 });
  return createMiddleware<OwnerEnv>(async (c, next) => {
    const { allowed, retryAfterSeconds } = await perUser.hit(c.get('user').id);
    if (!allowed) {
      c.header('Retry-After', String(retryAfterSeconds));
      throw tooManyRequests(message, { retryAfterSeconds });
    }
    await next();
  });
}
