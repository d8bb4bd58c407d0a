import { describe, expect, it } from 'vitest';
import { sqlite } from '../../db/client';

const { client, createUserAndCookie, newBot } = await import('../../../test/helpers');
const { markShuttingDown } = await import('./health.service');

describe('GET /api/health', () => {
  it('answers 200 without a sign-in, with the database and the shared queues', async () => {
    const { cookie } = await createUserAndCookie();
    const bot = await newBot(cookie);
    // two scans waiting (as another instance would have queued them) and one mail due
    sqlite.prepare(`INSERT INTO content_sources (chatbot_id, source_type, url, status, lease_owner, lease_expires_at) VALUES (?, 'website', 'http://127.0.0.1:1/', 'scanning', 'elsewhere/1/x', ?)`).run(bot.id, Date.now() + 60_000);
    sqlite.prepare(`INSERT INTO email_outbox (\`to\`, subject, text) VALUES ('a@example.com', 'Hi', 'Hello')`).run();

    const res = await client.api.health.$get();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(body).toMatchObject({ status: 'ok', database: { ok: true }, queues: { scans: { runningHere: 0, scanning: 1 }, mail: { pending: 1 } }, rateLimits: { store: 'database' } });
    expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });

  it('answers 503 once the instance is shutting down, so the load balancer drains it', async () => {
    markShuttingDown();
    const res = await client.api.health.$get();
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: 'shutting-down', database: { ok: true } });
  });
});
