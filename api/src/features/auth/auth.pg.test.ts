import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

// setupPostgres.ts has pointed DATABASE_URL at a fresh database: the whole app runs on PostgreSQL.
const { client, ensureStarted } = await import('../../../test/helpers');
const { db, postgres } = await import('../../db/client');
const { subscriptions, users } = await import('../../db/schema');
const { createSignInGuard } = await import('./signinGuard');
const { createRateLimiter } = await import('../../lib/rateLimit');

afterAll(() => postgres?.pool.end());

const { auth } = client.api;
const PASSWORD = 'correct horse battery';
const email = () => `owner-${randomUUID().slice(0, 8)}@example.com`;
const register = (address: string) => auth.register.$post({ json: { email: address, password: PASSWORD } });

describe('accounts on PostgreSQL', () => {
  it('makes exactly one admin of the first accounts signing up at once, each with its Free plan', async () => {
    await ensureStarted();
    const addresses = Array.from({ length: 6 }, email);
    const results = await Promise.all(addresses.map(register));
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    const rows = await db.select().from(users);
    expect(rows.filter((u) => u.isAdmin)).toHaveLength(1);
    for (const u of rows) expect((await db.select().from(subscriptions).where(eq(subscriptions.userId, u.id)))[0]).toMatchObject({ planId: 'free', status: 'active' });
  });

  it('gives one address one account, even to parallel sign-ups', async () => {
    const address = email();
    const results = await Promise.all(Array.from({ length: 5 }, () => register(address)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await db.select().from(users).where(eq(users.email, address))).toHaveLength(1);
  });
});

describe('the sign-in guard on PostgreSQL', () => {
  it('counts parallel guesses still being checked, so they cannot slip past the lock', async () => {
    const guard = createSignInGuard();
    const verdicts = await Promise.all(Array.from({ length: 12 }, () => guard.check('a', 'v@x.co', 0)));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(5);
    await Promise.all(Array.from({ length: 5 }, () => guard.settle('a', 'v@x.co', 'failure', 0)));
    expect(await guard.check('a', 'v@x.co', 0)).toEqual({ allowed: false, retryAfterSeconds: 300 });
    // Every failure settled in parallel was counted for the email too: five failures, two of them
    // free, slow the next attempt down by 125 ms × 2².
    expect(await guard.delayFor('v@x.co', 0)).toBe(500);
  });
});

describe('rate limits on PostgreSQL', () => {
  it('count across two limiters of one bucket, as instances on one database do', async () => {
    const here = createRateLimiter({ bucket: 'pg-shared', limit: 7, windowMs: 60_000 });
    const there = createRateLimiter({ bucket: 'pg-shared', limit: 7, windowMs: 60_000 });
    const other = createRateLimiter({ bucket: 'pg-other', limit: 7, windowMs: 60_000 });
    const t = 5_000_000;
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? here : there).hit('k', t)));
    expect(results.filter((r) => r.allowed)).toHaveLength(7);
    expect(results.filter((r) => !r.allowed).every((r) => r.retryAfterSeconds === 60)).toBe(true);
    expect((await other.hit('k', t)).allowed).toBe(true);
    expect((await here.hit('another key', t)).allowed).toBe(true);
    // The window ends for both at once.
    expect((await there.hit('k', t + 60_000)).allowed).toBe(true);
    await here.reset('k');
    expect(await Promise.all(Array.from({ length: 7 }, () => there.hit('k', t + 60_001)))).toSatisfy((r: { allowed: boolean }[]) => r.every((x) => x.allowed));
  });
});
