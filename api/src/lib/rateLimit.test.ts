import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '../db/client';
import { rateLimitHits } from '../db/schema';
import { env } from '../env';
import { createRateLimiter } from './rateLimit';

describe('createRateLimiter', () => {
  it('counts a window per key and opens a new one when it ends', async () => {
    const limiter = createRateLimiter({ bucket: 'test-window', limit: 2, windowMs: 60_000 });
    const t = 1_000_000;
    expect(await limiter.hit('a', t)).toEqual({ allowed: true, retryAfterSeconds: 60 });
    expect(await limiter.hit('a', t + 1_000)).toEqual({ allowed: true, retryAfterSeconds: 59 });
    expect(await limiter.hit('a', t + 30_000)).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect((await limiter.hit('b', t + 30_000)).allowed).toBe(true);
    expect(await limiter.hit('a', t + 60_000)).toEqual({ allowed: true, retryAfterSeconds: 60 });
  });

  it('shares the count between limiters of one bucket, as instances on one database do', async () => {
    const here = createRateLimiter({ bucket: 'test-shared', limit: 3, windowMs: 60_000 });
    const there = createRateLimiter({ bucket: 'test-shared', limit: 3, windowMs: 60_000 });
    const other = createRateLimiter({ bucket: 'test-other', limit: 3, windowMs: 60_000 });
    const [a, b, c, d, elsewhere] = await Promise.all([here.hit('k'), there.hit('k'), here.hit('k'), there.hit('k'), other.hit('k')]);
    // On a pool of connections the four hits reach the database in any order: whichever comes fourth is refused.
    expect([a, b, c, d].map((r) => r.allowed).sort()).toEqual([false, true, true, true]);
    expect(elsewhere.allowed).toBe(true);
    await here.reset('k');
    expect((await there.hit('k')).allowed).toBe(true);
  });

  it('counts hits from another process on the same database', async () => {
    const limiter = createRateLimiter({ bucket: 'test-process', limit: 4, windowMs: 60_000 });
    expect((await limiter.hit('visitor')).allowed).toBe(true);
    // A second Parley process (another instance) spends three more of the window's hits.
    const script = path.join(env.DATA_DIR, 'hit.mts');
    const moduleUrl = new URL('./rateLimit.ts', import.meta.url).href;
    writeFileSync(
      script,
      `const { createRateLimiter } = await import(${JSON.stringify(moduleUrl)});
       const l = createRateLimiter({ bucket: 'test-process', limit: 4, windowMs: 60_000 });
       const out = [];
       for (let i = 0; i < 3; i++) out.push((await l.hit('visitor')).allowed);
       console.log(JSON.stringify(out));`,
    );
    const root = fileURLToPath(new URL('../../..', import.meta.url));
    const printed = execFileSync(process.execPath, ['--import', 'tsx', script], { cwd: root, env: { ...process.env }, encoding: 'utf8' });
    expect(JSON.parse(printed.trim().split('\n').pop()!)).toEqual([true, true, true]);
    expect((await limiter.hit('visitor')).allowed).toBe(false);
  });

  it('stores neither the key in the clear nor anything when switched off', async () => {
    const off = createRateLimiter({ bucket: 'test-off', limit: 0, windowMs: 60_000 });
    for (let i = 0; i < 5; i++) expect((await off.hit('x')).allowed).toBe(true);
    const on = createRateLimiter({ bucket: 'test-private', limit: 5, windowMs: 60_000 });
    await on.hit('203.0.113.7');
    const rows = await db
      .select({ bucket: rateLimitHits.bucket, keyHash: rateLimitHits.keyHash })
      .from(rateLimitHits)
      .where(inArray(rateLimitHits.bucket, ['test-off', 'test-private']));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.keyHash).not.toContain('203.0.113');
    expect(rows[0]!.keyHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
