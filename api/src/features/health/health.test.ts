import { describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { contentSources, emailOutbox } from '../../db/schema';

const { client, createUserAndCookie, newBot } = await import('../../../test/helpers');
const { markShuttingDown } = await import('./health.service');

describe('GET /api/health', () => {
  it('answers 200 without a sign-in, with the database and the shared queues', async () => {
    const { cookie } = await createUserAndCookie();
    const bot = await newBot(cookie);
    // two scans waiting (as another instance would have queued them) and one mail due
    await db
      .insert(contentSources)
      .values({ chatbotId: bot.id, sourceType: 'website', url: 'http://127.0.0.1:1/', status: 'scanning', leaseOwner: 'elsewhere/1/x', leaseExpiresAt: Date.now() + 60_000 });
    await db.insert(emailOutbox).values({ to: 'a@example.com', subject: 'Hi', text: 'Hello' });

    const res = await client.api.health.$get();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(body).toMatchObject({ status: 'ok', database: { ok: true }, queues: { scans: { pending: 0, runningHere: 0, scanning: 1 }, mail: { pending: 1 } }, rateLimits: { store: 'database' } });
    expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });

  it('answers 503 once the instance is shutting down, so the load balancer drains it', async () => {
    markShuttingDown();
    const res = await client.api.health.$get();
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: 'shutting-down', database: { ok: true } });
  });
});
