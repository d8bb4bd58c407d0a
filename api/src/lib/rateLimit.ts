import { createHash } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import { db } from '../db/client';
import { rateLimitHits } from '../db/schema';

/**
 * A fixed-window counter named `bucket`, kept in the database so every instance behind a load
 * balancer counts against the same windows: one upsert counts the hit and reads the total, so
 * parallel requests on any instance cannot both slip under the limit. A window starts at a
 * key's first hit and lasts `windowMs`. A `limit` of 0 or less turns the limiter off.
 */
export function createRateLimiter(options: { bucket: string; limit: number; windowMs: number }) {
  const { bucket, limit, windowMs } = options;
  return {
    /** Counts one hit for `key`; `allowed` is false once the window's limit is passed. */
    async hit(key: string, now = Date.now()): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
      if (limit <= 0) return { allowed: true, retryAfterSeconds: 0 };
      sweepNowAndThen(now);
      const expired = sql`${rateLimitHits.windowStart} <= ${now - windowMs}`;
      const [row] = await db
        .insert(rateLimitHits)
        .values({ bucket, keyHash: hashKey(key), windowStart: now, hits: 1, expiresAt: now + windowMs })
        .onConflictDoUpdate({
          target: [rateLimitHits.bucket, rateLimitHits.keyHash],
          set: {
            windowStart: sql`case when ${expired} then ${now} else ${rateLimitHits.windowStart} end`,
            hits: sql`case when ${expired} then 1 else ${rateLimitHits.hits} + 1 end`,
            expiresAt: sql`case when ${expired} then ${now + windowMs} else ${rateLimitHits.expiresAt} end`,
          },
        })
        .returning({ windowStart: rateLimitHits.windowStart, hits: rateLimitHits.hits });
      const retryAfterSeconds = Math.max(1, Math.ceil((Number(row!.windowStart) + windowMs - now) / 1000));
      return { allowed: Number(row!.hits) <= limit, retryAfterSeconds };
    },

    /** Forgets `key`'s window, or every window of this limiter. */
    async reset(key?: string) {
      const mine = sql`${rateLimitHits.bucket} = ${bucket}`;
      await db.delete(rateLimitHits).where(key === undefined ? mine : sql`${mine} and ${rateLimitHits.keyHash} = ${hashKey(key)}`);
    },
  };
}

/** Addresses and emails are not kept in the clear: the hash is enough to count by. */
function hashKey(key: string) {
  return createHash('sha256').update(key).digest('base64url');
}

const SWEEP_EVERY_MS = 60_000;
let lastSweep = 0;

/** Deletes ended windows about once a minute, so idle keys do not pile up. */
function sweepNowAndThen(now: number) {
  if (now - lastSweep < SWEEP_EVERY_MS) return;
  lastSweep = now;
  void db.delete(rateLimitHits)
    .where(lt(rateLimitHits.expiresAt, now))
    .then(
      () => undefined,
      () => undefined, // the next sweep tries again
    );
}
