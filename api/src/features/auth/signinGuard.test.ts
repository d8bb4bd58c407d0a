import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addressKey } from '../../lib/clientIp';
import { db } from '../../db/client';
import { signInEmails, signInPairs } from '../../db/schema';
import { createSignInGuard } from './signinGuard';

const MIN = 60_000;

/** Runs one attempt through the guard at time `now`; returns what the caller would answer. */
async function attempt(guard: ReturnType<typeof createSignInGuard>, address: string, email: string, ok: boolean, now: number) {
  const verdict = await guard.check(address, email, now);
  if (!verdict.allowed) return { status: 429, retryAfterSeconds: verdict.retryAfterSeconds };
  await guard.settle(address, email, ok ? 'success' : 'failure', now);
  return { status: ok ? 200 : 401, delayMs: verdict.delayMs };
}

describe('sign-in guard', () => {
  it('locks a pair after 5 failures in 15 minutes, with a lockout that doubles each time', async () => {
    const guard = createSignInGuard();
    let now = 1_000_000;
    for (let i = 0; i < 5; i++) expect((await attempt(guard, 'a', 'v@x.co', false, now)).status).toBe(401);
    expect(await attempt(guard, 'a', 'v@x.co', true, now)).toEqual({ status: 429, retryAfterSeconds: 5 * 60 });

    now += 5 * MIN;
    for (let i = 0; i < 5; i++) expect((await attempt(guard, 'a', 'v@x.co', false, now)).status).toBe(401);
    expect(await attempt(guard, 'a', 'v@x.co', false, now)).toEqual({ status: 429, retryAfterSeconds: 10 * 60 });

    now += 10 * MIN;
    for (let i = 0; i < 5; i++) await attempt(guard, 'a', 'v@x.co', false, now);
    expect(await attempt(guard, 'a', 'v@x.co', false, now)).toEqual({ status: 429, retryAfterSeconds: 20 * 60 });

    // Capped at an hour.
    for (let round = 0; round < 4; round++) {
      now += 61 * MIN;
      for (let i = 0; i < 5; i++) await attempt(guard, 'a', 'v@x.co', false, now);
    }
    expect(await attempt(guard, 'a', 'v@x.co', false, now)).toEqual({ status: 429, retryAfterSeconds: 60 * 60 });

    // Other addresses and other emails are never locked by it.
    expect((await attempt(guard, 'b', 'v@x.co', true, now)).status).toBe(200);
    expect((await attempt(guard, 'a', 'w@x.co', true, now)).status).toBe(200);
  });

  it('forgets failures older than the window, and clears a pair on success', async () => {
    const guard = createSignInGuard();
    let now = 0;
    for (let i = 0; i < 4; i++) await attempt(guard, 'a', 'v@x.co', false, now);
    now += 16 * MIN;
    for (let i = 0; i < 4; i++) expect((await attempt(guard, 'a', 'v@x.co', false, now)).status).toBe(401);
    expect((await attempt(guard, 'a', 'v@x.co', true, now)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt(guard, 'a', 'v@x.co', false, now)).status).toBe(401);
    expect((await attempt(guard, 'a', 'v@x.co', false, now)).status).toBe(401);
    expect((await attempt(guard, 'a', 'v@x.co', false, now)).status).toBe(429);
  });

  it('slows an email failing from many addresses down, up to 2 s, without blocking it', async () => {
    const guard = createSignInGuard();
    const delays: number[] = [];
    for (let i = 0; i < 40; i++) {
      const result = await attempt(guard, `10.0.0.${i}`, 'v@x.co', false, 0);
      expect(result.status).toBe(401);
      delays.push(result.delayMs!);
    }
    expect(delays.slice(0, 8)).toEqual([0, 0, 0, 125, 250, 500, 1000, 2000]);
    expect(Math.max(...delays)).toBe(2000);
    // The owner from a fresh address gets in, after the capped delay; later the email recovers.
    expect(await attempt(guard, '192.0.2.1', 'v@x.co', true, 0)).toEqual({ status: 200, delayMs: 2000 });
    expect(await guard.delayFor('v@x.co', 16 * MIN)).toBe(0);
  });

  it('counts attempts still being checked, so parallel guesses cannot slip past the lock', async () => {
    const guard = createSignInGuard();
    const verdicts = await Promise.all(Array.from({ length: 8 }, () => guard.check('a', 'v@x.co', 0)));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(5);
    for (let i = 0; i < 5; i++) await guard.settle('a', 'v@x.co', 'failure', 0);
    expect(await guard.check('a', 'v@x.co', 0)).toEqual({ allowed: false, retryAfterSeconds: 300 });
  });

  it('does not count an attempt that errored as a failure', async () => {
    const guard = createSignInGuard();
    for (let i = 0; i < 10; i++) {
      expect((await guard.check('a', 'v@x.co', 0)).allowed).toBe(true);
      await guard.settle('a', 'v@x.co', 'error', 0);
    }
    expect(await guard.delayFor('v@x.co', 0)).toBe(0);
  });

  it('forgets what no longer counts: emails after the failure window, pairs a day after their last lockout', async () => {
    const guard = createSignInGuard();
    await attempt(guard, 'a', 'v@x.co', false, 0);
    for (let i = 0; i < 5; i++) await attempt(guard, 'b', 'w@x.co', false, 0);
    expect(await guard.size()).toEqual({ pairs: 2, emails: 2 });
    await guard.prune(16 * MIN);
    expect(await guard.size()).toEqual({ pairs: 2, emails: 0 });
    await guard.prune(24 * 60 * MIN + 1);
    expect(await guard.size()).toEqual({ pairs: 0, emails: 0 });
  });

  it('is one guard for every instance on the database: a lockout earned through one holds on the other', async () => {
    const here = createSignInGuard({ scope: 'shared-test' });
    const there = createSignInGuard({ scope: 'shared-test' });
    for (let i = 0; i < 5; i++) await attempt(i % 2 ? here : there, 'a', 'v@x.co', false, 1_000);
    expect(await attempt(here, 'a', 'v@x.co', true, 1_000)).toEqual({ status: 429, retryAfterSeconds: 300 });
    expect(await attempt(there, 'a', 'v@x.co', true, 1_000)).toEqual({ status: 429, retryAfterSeconds: 300 });
    // another guard (scope) knows nothing of it
    expect((await attempt(createSignInGuard(), 'a', 'v@x.co', true, 1_000)).status).toBe(200);
    // forgetting the email through one lifts the lockout on the other
    await here.forget('v@x.co');
    expect((await attempt(there, 'a', 'v@x.co', true, 1_000)).status).toBe(200);
  });

  it('stores neither addresses nor emails in the clear', async () => {
    const guard = createSignInGuard({ scope: 'clear-test' });
    await attempt(guard, '203.0.113.7', 'private@example.com', false, 0);
    const rows = JSON.stringify([
      await db.select().from(signInPairs).where(eq(signInPairs.scope, 'clear-test')),
      await db.select().from(signInEmails).where(eq(signInEmails.scope, 'clear-test')),
    ]);
    expect(rows).not.toMatch(/203\.0\.113|private|example\.com/);
    expect(rows).toContain('"failures":[0]');
  });
});

describe('addressKey', () => {
  it('counts IPv4 addresses singly and IPv6 clients by their /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2::1')).toBe(addressKey('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('local')).toBe('local');
  });

  it('forget lifts the lockouts and the slow-down of one email, from every address, and only of it', async () => {
    const guard = createSignInGuard();
    const now = 1_000_000;
    for (const address of ['a', 'b']) for (let i = 0; i < 5; i++) await attempt(guard, address, 'v@x.co', false, now);
    for (let i = 0; i < 5; i++) await attempt(guard, 'a', 'w@x.co', false, now);
    expect((await attempt(guard, 'a', 'v@x.co', true, now)).status).toBe(429);
    expect(await guard.delayFor('v@x.co', now)).toBe(2_000);

    await guard.forget('v@x.co');
    expect(await guard.delayFor('v@x.co', now)).toBe(0);
    expect(await attempt(guard, 'a', 'v@x.co', true, now)).toEqual({ status: 200, delayMs: 0 });
    expect(await attempt(guard, 'b', 'v@x.co', true, now)).toEqual({ status: 200, delayMs: 0 });
    expect((await attempt(guard, 'a', 'w@x.co', true, now)).status).toBe(429);
  });
});
