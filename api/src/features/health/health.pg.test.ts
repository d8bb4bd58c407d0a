import { describe, expect, it } from 'vitest';

// setupPostgres.ts has pointed DATABASE_URL at a fresh database: the whole app runs on PostgreSQL.
const { client, createUserAndCookie, newBot } = await import('../../../test/helpers');

describe('on PostgreSQL', () => {
  it('starts, signs an owner up, makes a bot and answers the health check', async () => {
    const { cookie } = await createUserAndCookie();
    const bot = await newBot(cookie);
    expect(bot.id).toBeGreaterThan(0);
    const res = await client.api.health.$get();
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', database: { ok: true }, queues: { scans: { pending: 0 }, mail: { pending: 0 } } });
  });
});
