import { Redis } from 'ioredis';

/**
 * A fixed-window hit counter in Redis, for rate limits shared by every instance. One script
 * counts the hit and starts the window at a key's first hit, so parallel hits from any instance
 * are counted exactly once each and the window is never left without an expiry.
 */
export function createRedisCounter(url: string) {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    commandTimeout: 1000,
    // A rate limit must not hold a request for long: fail fast and let the caller fall back.
    maxRetriesPerRequest: 1,
  });
  // ioredis reports connection errors as events as well as on each command; the command's error is
  // the one the caller acts on, so the event needs no handler beyond not crashing the process.
  client.on('error', () => undefined);

  return {
    /** Counts one hit on `key` and reads the window's total and how long the window has left. */
    async hit(key: string, windowMs: number): Promise<{ hits: number; resetInMs: number }> {
      const [hits, ttl] = (await client.eval(HIT_SCRIPT, 1, KEY_PREFIX + key, windowMs)) as [number, number];
      return { hits, resetInMs: ttl };
    },

    /** Forgets every window whose key starts with `prefix`. */
    async resetPrefix(prefix: string) {
      const stream = client.scanStream({ match: `${escapeGlob(KEY_PREFIX + prefix)}*`, count: 500 });
      for await (const keys of stream as AsyncIterable<string[]>) {
        if (keys.length > 0) await client.del(...keys);
      }
    },

    /** Round-trip time to Redis, in milliseconds; throws when it does not answer. */
    async ping(): Promise<number> {
      const started = performance.now();
      await client.ping();
      return Math.round((performance.now() - started) * 10) / 10;
    },

    /** Closes the connection (graceful shutdown, tests). */
    async close() {
      if (client.status === 'end' || client.status === 'wait') {
        client.disconnect();
        return;
      }
      await client.quit().catch(() => client.disconnect());
    },
  };
}

export type RedisCounter = ReturnType<typeof createRedisCounter>;

const KEY_PREFIX = 'parley:rate:';

const HIT_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {hits, ttl}
`;

/** Bucket names and hashes are plain, but a key must never widen a SCAN pattern. */
function escapeGlob(text: string) {
  return text.replace(/[*?[\]\\]/g, '\\$&');
}
