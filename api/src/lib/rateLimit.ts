import { createHash } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import { db } from '../db/client';
import { rateLimitHits } from '../db/schema';
import { env } from '../env';
import { logger } from './logger';
import { createRedisCounter, type RedisCounter } from './redisCounter';

/**
 * A fixed-window counter named `bucket`, shared by every instance behind a load balancer: in
 * Redis when `REDIS_URL` is set, otherwise in the database. Either way one atomic step counts
 * the hit and reads the total, so parallel requests on any instance cannot both slip under the
 * limit. A window starts at a key's first hit and lasts `windowMs`. A `limit` of 0 or less
 * turns the limiter off. When Redis does not answer, the hit is counted in the database, so an
 * outage of the optional cache neither blocks visitors nor lifts the limits.
 */
export function createRateLimiter(options: { bucket: string; limit: number; windowMs: number }) {
  const { bucket, limit, windowMs } = options;
  return {
    /**
     * Counts one hit for `key`; `allowed` is false once the window's limit is passed. `now` moves
     * the database's clock in tests; Redis keeps its own.
     */
    async hit(key: string, now = Date.now()): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
      if (limit <= 0) return { allowed: true, retryAfterSeconds: 0 };
      const keyHash = hashKey(key);
      const redis = sharedRedis();
      if (redis && Date.now() >= redisDownUntil) {
        try {
          const { hits, resetInMs } = await redis.hit(`${bucket}:${keyHash}`, windowMs);
          return { allowed: hits <= limit, retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)) };
        } catch (error) {
          warnRedisDown(error);
        }
      }
      const { windowStart, hits } = await hitInDatabase(bucket, keyHash, windowMs, now);
      return { allowed: hits <= limit, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)) };
    },

    /** Forgets `key`'s window, or every window of this limiter, wherever it was counted. */
    async reset(key?: string) {
      const keyHash = key === undefined ? undefined : hashKey(key);
      await sharedRedis()?.resetPrefix(keyHash === undefined ? `${bucket}:` : `${bucket}:${keyHash}`).catch(warnRedisDown);
      const mine = sql`${rateLimitHits.bucket} = ${bucket}`;
      await db.delete(rateLimitHits).where(keyHash === undefined ? mine : sql`${mine} and ${rateLimitHits.keyHash} = ${keyHash}`);
    },
  };
}

/** Where the counters live, for `GET /api/health`: Redis's round trip when it is configured. */
export async function rateLimitStoreHealth(): Promise<{ store: 'database' } | { store: 'redis'; ok: true; latencyMs: number } | { store: 'redis'; ok: false; error: string }> {
  const redis = sharedRedis();
  if (!redis) return { store: 'database' };
  try {
    return { store: 'redis', ok: true, latencyMs: await redis.ping() };
  } catch {
    return { store: 'redis', ok: false, error: 'Redis did not answer; rate limits are counted in the database meanwhile.' };
  }
}

/** Closes the Redis connection, if one was opened (graceful shutdown). */
export async function closeRateLimitStore(): Promise<void> {
  const redis = redisCounter;
  redisCounter = undefined;
  await redis?.close();
}

/** One upsert counts the hit and reads the window back (the window restarts once it has ended). */
async function hitInDatabase(bucket: string, keyHash: string, windowMs: number, now: number) {
  sweepNowAndThen(now);
  const expired = sql`${rateLimitHits.windowStart} <= ${now - windowMs}`;
  const [row] = await db
    .insert(rateLimitHits)
    .values({ bucket, keyHash, windowStart: now, hits: 1, expiresAt: now + windowMs })
    .onConflictDoUpdate({
      target: [rateLimitHits.bucket, rateLimitHits.keyHash],
      set: {
        windowStart: sql`case when ${expired} then ${now} else ${rateLimitHits.windowStart} end`,
        hits: sql`case when ${expired} then 1 else ${rateLimitHits.hits} + 1 end`,
        expiresAt: sql`case when ${expired} then ${now + windowMs} else ${rateLimitHits.expiresAt} end`,
      },
    })
    .returning({ windowStart: rateLimitHits.windowStart, hits: rateLimitHits.hits });
  return { windowStart: Number(row!.windowStart), hits: Number(row!.hits) };
}

let redisCounter: RedisCounter | undefined;

function sharedRedis(): RedisCounter | undefined {
  if (!env.REDIS_URL) return undefined;
  redisCounter ??= createRedisCounter(env.REDIS_URL);
  return redisCounter;
}

/** After a failure, hits go straight to the database for a while instead of each waiting on Redis. */
const REDIS_RETRY_AFTER_MS = 5_000;
let redisDownUntil = 0;
let lastRedisWarning = 0;

/** One warning a minute is enough to tell the operator; every request would flood the log. */
function warnRedisDown(error: unknown) {
  const now = Date.now();
  redisDownUntil = now + REDIS_RETRY_AFTER_MS;
  if (now - lastRedisWarning < 60_000) return;
  lastRedisWarning = now;
  logger.warn('Redis did not answer; counting rate limits in the database', { error: String(error) });
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
