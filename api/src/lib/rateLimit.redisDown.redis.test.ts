import { vi } from 'vitest';

// Nothing listens on port 1: this file's instance has Redis configured but unreachable.
vi.hoisted(() => {
  process.env.REDIS_URL = 'redis://127.0.0.1:1';
});

const { describe, expect, it, afterAll } = await import('vitest');
const { sqlite } = await import('../db/client');
const { checkHealth } = await import('../features/health/health.service');
const { closeRateLimitStore, createRateLimiter } = await import('./rateLimit');

afterAll(() => closeRateLimitStore());

describe('createRateLimiter when Redis does not answer', () => {
  it('still limits, counting in the database instead', async () => {
    const limiter = createRateLimiter({ bucket: 'test-redis-down', limit: 2, windowMs: 60_000 });
    const results = [];
    for (let i = 0; i < 3; i++) results.push((await limiter.hit('visitor')).allowed);
    expect(results).toEqual([true, true, false]);
    const row = sqlite.prepare(`select hits from rate_limit_hits where bucket = 'test-redis-down'`).get() as { hits: number };
    expect(row.hits).toBe(3);
  });

  it('keeps the instance healthy and says where the counters went', async () => {
    const { status, body } = await checkHealth();
    expect(status).toBe(200);
    expect(body.rateLimits).toEqual({ store: 'redis', ok: false, error: 'Redis did not answer; rate limits are counted in the database meanwhile.' });
  });
});
