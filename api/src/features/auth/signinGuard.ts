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
 * once does not slip past the lock. Memory only: Parley runs as one process.
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
  /** Entries kept per map before the oldest are dropped, so a flood cannot exhaust memory. */
  maxEntries: number;
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
  maxEntries: 50_000,
};

type Pair = { failures: number[]; pending: number; lockedUntil: number; lockouts: number; lastLockoutAt: number };

export type SignInCheck = { allowed: true; delayMs: number } | { allowed: false; retryAfterSeconds: number };
export type SignInOutcome = 'success' | 'failure' | 'error';

export function createSignInGuard(overrides: Partial<SignInGuardOptions> = {}) {
  const o = { ...SIGN_IN_GUARD_DEFAULTS, ...overrides };
  const pairs = new Map<string, Pair>();
  const emailFailures = new Map<string, number[]>();
  let lastPrune = Date.now();
  const pairKey = (address: string, email: string) => `${address}\n${email}`;
  const recent = (times: number[], now: number) => times.filter((t) => now - t < o.failureWindowMs);

  return {
    /**
     * Call before checking the password. When allowed, wait `delayMs`, check, then report the
     * outcome with `settle` (also when the check throws).
     */
    check(address: string, email: string, now = Date.now()): SignInCheck {
      if (now - lastPrune > 60_000) prune(now);
      const key = pairKey(address, email);
      const pair = pairs.get(key) ?? newPair();
      if (pair.lockedUntil > now) return { allowed: false, retryAfterSeconds: Math.ceil((pair.lockedUntil - now) / 1000) };
      pair.failures = recent(pair.failures, now);
      if (pair.failures.length + pair.pending >= o.maxFailures) {
        // Only reachable while earlier attempts are still being checked.
        return { allowed: false, retryAfterSeconds: Math.ceil((o.slowdownMaxMs + 1000) / 1000) };
      }
      pair.pending++;
      remember(pairs, key, pair);
      return { allowed: true, delayMs: delayFor(email, now) };
    },

    /** Ends an attempt `check` allowed. */
    settle(address: string, email: string, outcome: SignInOutcome, now = Date.now()) {
      const key = pairKey(address, email);
      const pair = pairs.get(key) ?? newPair();
      pair.pending = Math.max(0, pair.pending - 1);
      if (outcome === 'success') {
        pairs.delete(key);
        return;
      }
      if (outcome !== 'failure') return;
      remember(pairs, key, pair);
      const times = recent(emailFailures.get(email) ?? [], now);
      times.push(now);
      remember(emailFailures, email, times.slice(-32));
      pair.failures = recent(pair.failures, now);
      pair.failures.push(now);
      if (pair.failures.length >= o.maxFailures) {
        if (now - pair.lastLockoutAt > o.lockoutMemoryMs) pair.lockouts = 0;
        pair.lockouts++;
        pair.lastLockoutAt = now;
        pair.lockedUntil = now + Math.min(o.lockoutMaxMs, o.lockoutBaseMs * 2 ** (pair.lockouts - 1));
        pair.failures = [];
      }
    },

    delayFor,

    /**
     * Drops every lockout and failure of `email`, from every address: whoever proved they own
     * the account (a reset link used, the password changed) should not stay locked out by
     * guesses made before.
     */
    forget(email: string) {
      const suffix = `\n${email}`;
      for (const key of [...pairs.keys()]) if (key.endsWith(suffix)) pairs.delete(key);
      emailFailures.delete(email);
    },

    /** How many pairs and emails are remembered (for tests and diagnostics). */
    size() {
      return { pairs: pairs.size, emails: emailFailures.size };
    },

    reset() {
      pairs.clear();
      emailFailures.clear();
    },
  };

  /** The slow-down for the next attempt on `email`, from its failures across all addresses. */
  function delayFor(email: string, now = Date.now()): number {
    const n = recent(emailFailures.get(email) ?? [], now).length - o.slowdownFreeFailures;
    return n <= 0 ? 0 : Math.min(o.slowdownMaxMs, o.slowdownBaseMs * 2 ** (n - 1));
  }

  function newPair(): Pair {
    return { failures: [], pending: 0, lockedUntil: 0, lockouts: 0, lastLockoutAt: 0 };
  }

  function remember<V>(map: Map<string, V>, key: string, value: V) {
    map.delete(key); // re-insert so insertion order tracks last use
    map.set(key, value);
    while (map.size > o.maxEntries) map.delete(map.keys().next().value!);
  }

  function prune(now: number) {
    lastPrune = now;
    for (const [key, pair] of pairs) {
      const idle =
        pair.pending === 0 &&
        pair.lockedUntil <= now &&
        recent(pair.failures, now).length === 0 &&
        now - pair.lastLockoutAt > o.lockoutMemoryMs;
      if (idle) pairs.delete(key);
    }
    for (const [email, times] of emailFailures) if (recent(times, now).length === 0) emailFailures.delete(email);
  }
}

/** The server's one guard: sign-in, password change and reset all meet here. */
export const signInGuard = createSignInGuard();

/** "30 seconds", "1 minute", "15 minutes". */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
