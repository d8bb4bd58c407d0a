import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { sqlite } from '../db/client';
import { env } from '../env';
import { checkHealth } from '../features/health/health.service';
import { closeRateLimitStore, createRateLimiter } from './rateLimit';

// Names of this run's own, so runs sharing the server never count each other's hits.
const run = randomBytes(4).toString('hex');
const bucket = (name: string) => `test-${run}-${name}`;
const redis = new Redis(env.REDIS_URL!);

afterAll(async () => {
  const keys = await redis.keys(`parley:rate:test-${run}-*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
  await closeRateLimitStore();
});

const dbRows = (name: string) => (sqlite.prepare('select count(*) as n from rate_limit_hits where bucket = ?').get(bucket(name)) as { n: number }).n;

describe('createRateLimiter with REDIS_URL', () => {
  it('counts in Redis, not in the database, under a hashed key that expires with the window', async () => {
    const limiter = createRateLimiter({ bucket: bucket('window'), limit: 2, windowMs: 60_000 });
    const results = await Promise.all([limiter.hit('203.0.113.7'), limiter.hit('203.0.113.7'), limiter.hit('203.0.113.7')]);
    expect(results.map((r) => r.allowed).sort()).toEqual([false, true, true]);
    expect(results.find((r) => !r.allowed)!.retryAfterSeconds).toBe(60);
    expect(dbRows('window')).toBe(0);

    const keys = await redis.keys(`parley:rate:${bucket('window')}:*`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toContain('203.0.113');
    expect(await redis.get(keys[0]!)).toBe('3');
    const ttl = await redis.pttl(keys[0]!);
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it('opens a new window once the old one has run out', async () => {
    const limiter = createRateLimiter({ bucket: bucket('expiry'), limit: 1, windowMs: 300 });
    expect((await limiter.hit('k')).allowed).toBe(true);
    expect(await limiter.hit('k')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect((await limiter.hit('k')).allowed).toBe(true);
  });

  it('forgets one key or the whole bucket', async () => {
    const limiter = createRateLimiter({ bucket: bucket('reset'), limit: 1, windowMs: 60_000 });
    await limiter.hit('a');
    await limiter.hit('b');
    expect((await limiter.hit('a')).allowed).toBe(false);
    await limiter.reset('a');
    expect((await limiter.hit('a')).allowed).toBe(true);
    expect((await limiter.hit('b')).allowed).toBe(false);
    await limiter.reset();
    expect(await redis.keys(`parley:rate:${bucket('reset')}:*`)).toEqual([]);
    expect((await limiter.hit('b')).allowed).toBe(true);
  });

  it('shares the count with another process, as instances on one Redis do', async () => {
    const limiter = createRateLimiter({ bucket: bucket('process'), limit: 4, windowMs: 60_000 });
    expect((await limiter.hit('visitor')).allowed).toBe(true);
    const script = path.join(env.DATA_DIR, 'hit.mts');
    const moduleUrl = new URL('./rateLimit.ts', import.meta.url).href;
    writeFileSync(
      script,
      `const { createRateLimiter, closeRateLimitStore } = await import(${JSON.stringify(moduleUrl)});
       const l = createRateLimiter({ bucket: ${JSON.stringify(bucket('process'))}, limit: 4, windowMs: 60_000 });
       const out = [];
       for (let i = 0; i < 3; i++) out.push((await l.hit('visitor')).allowed);
       await closeRateLimitStore();
       console.log(JSON.stringify(out));`,
    );
    // The other process has a database file of its own: only Redis can carry the count over.
    const otherDataDir = path.join(env.DATA_DIR, 'other-instance');
    const root = fileURLToPath(new URL('../../..', import.meta.url));
    const printed = execFileSync(process.execPath, ['--import', 'tsx', script], { cwd: root, env: { ...process.env, DATA_DIR: otherDataDir }, encoding: 'utf8' });
    expect(JSON.parse(printed.trim().split('\n').pop()!)).toEqual([true, true, true]);
    expect((await limiter.hit('visitor')).allowed).toBe(false);
  });

  it('reports Redis in the health check', async () => {
    const { status, body } = await checkHealth();
    expect(status).toBe(200);
    expect(body.rateLimits).toMatchObject({ store: 'redis', ok: true });
  });
});
