import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

// setupPostgres.ts has pointed DATABASE_URL at a fresh database: the whole app runs on PostgreSQL.
// Survey CRUD and counts are in surveys.test.ts, which runs on PostgreSQL too; here the cap under a race.
const { client, ownerWithBot, withCookie } = await import('../../../test/helpers');
const { db, postgres } = await import('../../db/client');
const { surveys } = await import('../../db/schema');

afterAll(() => postgres?.pool.end());

const { chatbots } = client.api;
const create = (cookie: string, botId: string, name: string) => chatbots[':id'].surveys.$post({ param: { id: botId }, json: { name } }, withCookie(cookie));

describe('surveys on PostgreSQL', () => {
  it('holds a bot to 50 surveys under parallel creations', async () => {
    const { cookie, bot } = await ownerWithBot();
    await db.insert(surveys).values(Array.from({ length: 45 }, (_, i) => ({ chatbotId: bot.id, name: `S${i}`, surveyConfig: {} })));
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => create(cookie, bot.guid, `New ${i}`)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    expect(results.filter((r) => (r.status as number) === 400)).toHaveLength(7);
    expect(await db.select().from(surveys).where(eq(surveys.chatbotId, bot.id))).toHaveLength(50);
  });
});
