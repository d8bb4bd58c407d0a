import { createHash, randomUUID } from 'node:crypto';
import { and, count, eq, lt, lte } from 'drizzle-orm';
import { db } from '../../db/client';
import { signInEmails, signInPairs } from '../../db/schema';
import { serializeOn } from '../../db/locks';
import { transaction } from '../../db/transaction';

/**
 * Password-guessing defences that cannot be turned against the account's owner.
 *
 * - Per (address, email) pair: `maxFailures` wrong passwords within `failureWindowMs` lock that
 *   pair out; each further lockout within `lockoutMemoryMs` lasts twice as long, up to
 *   `lockoutMaxMs`. A successful sign-in clears the pair. The owner, signing in from another
 *   address, is not affected by a lock someone else earned.
 * - Per email, across all addresses: recent failures slow every further attempt for that email
 *   down (a delay before the password is checked, growing from `slowdownBaseMs` to at most
 *   `slowdownMaxMs`) instead of blocking it. The delay comes before the check, whatever the
 *   outcome, so a guesser cannot give up early on slow answers and read fast ones as successes.
 *
 * Attempts still being checked count against the pair's allowance, so firing many guesses at
 * once does not slip past the lock. The memory is in the database, shared by every instance.
 */
export type SignInGuardOptions = {
  maxFailures: number;
  failureWindowMs: number;
  lockoutBaseMs: number;
  lockoutMaxMs: number;
  lockoutMemoryMs: number;
  slowdownFreeFailures: number;
  slowdownBaseMs: number;
  slowdownMaxMs: number;
};

const SIGN_IN_GUARD_DEFAULTS: SignInGuardOptions = {
  maxFailures: 5,
  failureWindowMs: 15 * 60_000,
  lockoutBaseMs: 5 * 60_000,
  lockoutMaxMs: 60 * 60_000,
  lockoutMemoryMs: 24 * 60 * 60_000,
  slowdownFreeFailures: 2,
  slowdownBaseMs: 125,
  slowdownMaxMs: 2_000,
};

export type SignInCheck = { allowed: true; delayMs: number } | { allowed: false; retryAfterSeconds: number };
export type SignInOutcome = 'success' | 'failure' | 'error';

type Pair = Omit<typeof signInPairs.$inferSelect, 'scope' | 'pairHash' | 'emailHash' | 'touchedAt'>;

/**
 * A guard whose memory is in the database (tables `sign_in_pairs` and `sign_in_emails`, under
 * `scope`), so every instance on it enforces the same lockouts. Each check and settle reads and
 * writes its rows in one transaction, under a lock of the pair (`serializeOn`).
 */
export function createSignInGuard(overrides: Partial<SignInGuardOptions> & { scope?: string } = {}) {
  const { scope = `guard-${randomUUID()}`, ...rest } = overrides;
  const o = { ...SIGN_IN_GUARD_DEFAULTS, ...rest };
  let lastPrune = 0;
  const recent = (times: number[], now: number) => times.filter((t) => now - t < o.failureWindowMs);
  // An attempt whose instance died before settling it stops counting after this long.
  const live = (pending: number[], now: number) => pending.filter((t) => now - t < o.slowdownMaxMs + 30_000);

  return {
    /**
     * Call before checking the password. When allowed, wait `delayMs`, check, then report the
     * outcome with `settle` (also when the check throws).
     */
    async check(address: string, email: string, now = Date.now()): Promise<SignInCheck> {
      if (now - lastPrune > 60_000) await prune(now);
      return transaction(async () => {
        await lockPair(address, email);
        const pair = await readPair(address, email);
        if (pair.lockedUntil > now) return { allowed: false, retryAfterSeconds: Math.ceil((pair.lockedUntil - now) / 1000) };
        pair.failures = recent(pair.failures, now);
        pair.pending = live(pair.pending, now);
        if (pair.failures.length + pair.pending.length >= o.maxFailures) {
          // Only reachable while earlier attempts are still being checked.
          return { allowed: false, retryAfterSeconds: Math.ceil((o.slowdownMaxMs + 1000) / 1000) };
        }
        pair.pending.push(now);
        await writePair(address, email, pair, now);
        return { allowed: true, delayMs: await delayFor(email, now) };
      });
    },

    /** Ends an attempt `check` allowed. */
    async settle(address: string, email: string, outcome: SignInOutcome, now = Date.now()): Promise<void> {
      await transaction(async () => {
        await lockPair(address, email);
        const pair = await readPair(address, email);
        pair.pending = live(pair.pending, now);
        pair.pending.splice(0, 1);
        if (outcome === 'success') {
          await db.delete(signInPairs).where(and(eq(signInPairs.scope, scope), eq(signInPairs.pairHash, pairHash(address, email))));
          return;
        }
        if (outcome === 'failure') {
          // After the pair's lock, as everywhere: the order that keeps two settles from deadlocking.
          await serializeOn(`sign-in-email:${scope}:${hash(email)}`);
          const [row] = await db.select({ failures: signInEmails.failures }).from(signInEmails).where(emailRow(email));
          const times = [...recent(row?.failures ?? [], now), now].slice(-32);
          await db
            .insert(signInEmails)
            .values({ scope, emailHash: hash(email), failures: times, touchedAt: now })
            .onConflictDoUpdate({ target: [signInEmails.scope, signInEmails.emailHash], set: { failures: times, touchedAt: now } });
          pair.failures = [...recent(pair.failures, now), now];
          if (pair.failures.length >= o.maxFailures) {
            if (now - pair.lastLockoutAt > o.lockoutMemoryMs) pair.lockouts = 0;
            pair.lockouts++;
            pair.lastLockoutAt = now;
            pair.lockedUntil = now + Math.min(o.lockoutMaxMs, o.lockoutBaseMs * 2 ** (pair.lockouts - 1));
            pair.failures = [];
          }
        }
        await writePair(address, email, pair, now);
      });
    },

    delayFor,

    /**
     * Drops every lockout and failure of `email`, from every address: whoever proved they own
     * the account (a reset link used, the password changed) should not stay locked out by
     * guesses made before.
     */
    async forget(email: string): Promise<void> {
      await db.delete(signInPairs).where(and(eq(signInPairs.scope, scope), eq(signInPairs.emailHash, hash(email))));
      await db.delete(signInEmails).where(emailRow(email));
    },

    /** How many pairs and emails are remembered (for tests and diagnostics). */
    async size(): Promise<{ pairs: number; emails: number }> {
      const [pairs] = await db.select({ n: count() }).from(signInPairs).where(eq(signInPairs.scope, scope));
      const [emails] = await db.select({ n: count() }).from(signInEmails).where(eq(signInEmails.scope, scope));
      return { pairs: Number(pairs?.n ?? 0), emails: Number(emails?.n ?? 0) };
    },

    async reset(): Promise<void> {
      await db.delete(signInPairs).where(eq(signInPairs.scope, scope));
      await db.delete(signInEmails).where(eq(signInEmails.scope, scope));
    },

    /** Forgets pairs and emails with nothing left to remember at `now` (done about once a minute by `check`). */
    prune,
  };

  /** The slow-down for the next attempt on `email`, from its failures across all addresses. */
  async function delayFor(email: string, now = Date.now()): Promise<number> {
    const [row] = await db.select({ failures: signInEmails.failures }).from(signInEmails).where(emailRow(email));
    const n = recent(row?.failures ?? [], now).length - o.slowdownFreeFailures;
    return n <= 0 ? 0 : Math.min(o.slowdownMaxMs, o.slowdownBaseMs * 2 ** (n - 1));
  }

  /**
   * Inside the transaction, before the pair is read: parallel attempts of one pair (on any
   * instance) then read and write it one after another, so none is missed from the count.
   */
  async function lockPair(address: string, email: string) {
    await serializeOn(`sign-in:${scope}:${pairHash(address, email)}`);
  }

  async function readPair(address: string, email: string): Promise<Pair> {
    const [row] = await db
      .select({
        failures: signInPairs.failures,
        pending: signInPairs.pending,
        lockedUntil: signInPairs.lockedUntil,
        lockouts: signInPairs.lockouts,
        lastLockoutAt: signInPairs.lastLockoutAt,
      })
      .from(signInPairs)
      .where(and(eq(signInPairs.scope, scope), eq(signInPairs.pairHash, pairHash(address, email))));
    return row ?? { failures: [], pending: [], lockedUntil: 0, lockouts: 0, lastLockoutAt: 0 };
  }

  async function writePair(address: string, email: string, pair: Pair, now: number) {
    const values = { ...pair, touchedAt: now };
    await db
      .insert(signInPairs)
      .values({ scope, pairHash: pairHash(address, email), emailHash: hash(email), ...values })
      .onConflictDoUpdate({ target: [signInPairs.scope, signInPairs.pairHash], set: values });
  }

  function pairHash(address: string, email: string) {
    return hash(`${address}\n${email}`);
  }

  function emailRow(email: string) {
    return and(eq(signInEmails.scope, scope), eq(signInEmails.emailHash, hash(email)));
  }

  async function prune(now: number) {
    lastPrune = now;
    // A pair is kept while it is locked or its lockouts still count towards a longer one.
    await db
      .delete(signInPairs)
      .where(and(eq(signInPairs.scope, scope), lte(signInPairs.lockedUntil, now), lt(signInPairs.touchedAt, now - Math.max(o.failureWindowMs, o.lockoutMemoryMs))));
    await db.delete(signInEmails).where(and(eq(signInEmails.scope, scope), lt(signInEmails.touchedAt, now - o.failureWindowMs)));
  }
}

function hash(value: string) {
  return createHash('sha256').update(value).digest('base64url');
}

/** The server's one guard: sign-in, password change and reset all meet here. */
export const signInGuard = createSignInGuard({ scope: 'sign-in' });

/** "30 seconds", "1 minute", "15 minutes". */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
