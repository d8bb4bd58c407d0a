import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

// setupPostgres.ts has pointed DATABASE_URL at a fresh database: the whole app runs on PostgreSQL.
const { client, ownerWithBot, withCookie } = await import('../../../test/helpers');
const { db, postgres } = await import('../../db/client');
const { chatSessions, surveyResponses, surveys } = await import('../../db/schema');

afterAll(() => postgres?.pool.end());

const { chatbots } = client.api;
const create = (cookie: string, botId: string, name: string) => chatbots[':id'].surveys.$post({ param: { id: botId }, json: { name } }, withCookie(cookie));
const list = async (cookie: string, botId: string) => (await chatbots[':id'].surveys.$get({ param: { id: botId } }, withCookie(cookie))).json();

describe('surveys on PostgreSQL', () => {
  it('creates, lists with counted responses, updates and deletes a survey', async () => {
    const { cookie, bot } = await ownerWithBot();
    const res = await create(cookie, bot.guid, 'Feedback');
    expect(res.status).toBe(201);
    const survey = await res.json();
    expect(survey).toMatchObject({ name: 'Feedback', status: 'draft', responseCount: 0, completedCount: 0 });

    // Responses as the survey runner stores them: a finished and an unfinished visitor's, and a test chat's.
    const visitor = randomUUID();
    const tester = randomUUID();
    const dropped = randomUUID();
    await db.insert(chatSessions).values([
      { sessionId: visitor, chatbotId: bot.id },
      { sessionId: tester, chatbotId: bot.id, isTest: true },
      { sessionId: dropped, chatbotId: bot.id },
    ]);
    await db.insert(surveyResponses).values([
      { surveyId: survey.id, chatbotId: bot.id, sessionId: visitor, completed: true },
      { surveyId: survey.id, chatbotId: bot.id, sessionId: tester, completed: true },
      { surveyId: survey.id, chatbotId: bot.id, sessionId: dropped, completed: false },
    ]);
    // A new survey keeps unfinished responses: the visitor's two count, the test chat's does not.
    expect((await list(cookie, bot.guid)).map((s) => [s.name, s.responseCount, s.completedCount])).toEqual([['Feedback', 2, 1]]);

    // Once its config stops keeping them, only the finished one counts.
    const [stored] = await db.select().from(surveys).where(eq(surveys.id, survey.id));
    const config = stored!.surveyConfig as { settings: Record<string, unknown> };
    const patched = await client.api.surveys[':id'].$patch(
      { param: { id: String(survey.id) }, json: { name: 'Visit feedback', surveyConfig: { ...config, settings: { ...config.settings, savePartialResponses: false } } as never } },
      withCookie(cookie),
    );
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ name: 'Visit feedback', responseCount: 1, completedCount: 1 });

    const second = await (await create(cookie, String(bot.id), 'Newsletter')).json();
    expect((await list(cookie, String(bot.id))).map((s) => s.name)).toEqual(['Newsletter', 'Visit feedback']);
    expect((await client.api.surveys[':id'].$delete({ param: { id: String(survey.id) } }, withCookie(cookie))).status).toBe(200);
    expect((await list(cookie, bot.guid)).map((s) => s.id)).toEqual([second.id]);
    expect(await db.select().from(surveyResponses).where(eq(surveyResponses.surveyId, survey.id))).toEqual([]);
  });

  it('holds a bot to 50 surveys under parallel creations', async () => {
    const { cookie, bot } = await ownerWithBot();
    await db.insert(surveys).values(Array.from({ length: 45 }, (_, i) => ({ chatbotId: bot.id, name: `S${i}`, surveyConfig: {} })));
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => create(cookie, bot.guid, `New ${i}`)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    expect(results.filter((r) => (r.status as number) === 400)).toHaveLength(7);
    expect(await db.select().from(surveys).where(eq(surveys.chatbotId, bot.id))).toHaveLength(50);
  });
});
