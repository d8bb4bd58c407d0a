/**
 * Fixed-window in-memory counter. Parley runs as one process, so memory is the source of
 * truth; windows are pruned lazily so idle keys do not accumulate.
 */
export function createRateLimiter(options: { limit: number; windowMs: number }) {
  const windows = new Map<string, { start: number; count: number }>();
  let lastPrune = Date.now();

  return {
    /** Counts one hit for `key`; `allowed` is false once the window's limit is passed. */
    hit(key: string, now = Date.now()): { allowed: boolean; retryAfterSeconds: number } {
      if (options.limit <= 0) return { allowed: true, retryAfterSeconds: 0 };
      if (now - lastPrune > options.windowMs) prune(now);
      let w = windows.get(key);
      if (!w || now - w.start >= options.windowMs) {
        w = { start: now, count: 0 };
        windows.set(key, w);
      }
      w.count++;
      const retryAfterSeconds = Math.ceil((w.start + options.windowMs - now) / 1000);
      return { allowed: w.count <= options.limit, retryAfterSeconds };
    },
    reset(key?: string) {
      if (key === undefined) windows.clear();
      else windows.delete(key);
    },
  };

  function prune(now: number) {
    lastPrune = now;
    for (const [k, w] of windows) if (now - w.start >= options.windowMs) windows.delete(k);
  }
}
