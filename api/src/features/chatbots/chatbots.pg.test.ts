import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { newSurveyConfig, type HomeScreenConfig, type HomeTopic, type UiDesignerResponse } from '@parley/contracts';

// setupPostgres.ts has pointed DATABASE_URL at a fresh database: the whole app runs on PostgreSQL.
const { client, createUserAndCookie, errorOf, newBot, withCookie } = await import('../../../test/helpers');
const { db, postgres } = await import('../../db/client');
const { chatSessions, contentSources, surveys } = await import('../../db/schema');

afterAll(() => postgres?.pool.end());

const { chatbots } = client.api;
/** A non-admin owner on Free (one active bot): the first account of an install is admin. */
async function owner() {
  await createUserAndCookie({ email: 'first-admin@example.com' }).catch(() => undefined);
  return createUserAndCookie();
}

describe('chatbots on PostgreSQL', () => {
  it('creates, lists with counts, reads, updates and deletes a bot', async () => {
    const { cookie } = await owner();
    const bot = await newBot(cookie, { name: 'Harbor Help', allowedDomains: ['harbor.example'], initialMessages: ['Ahoy!'] });
    expect(bot).toMatchObject({ name: 'Harbor Help', isActive: true, allowedDomains: ['harbor.example'], initialMessages: ['Ahoy!'], homeScreenConfig: null });
    expect(bot).not.toHaveProperty('identitySecret');

    await db.insert(contentSources).values({ chatbotId: bot.id, sourceType: 'text', title: 'Fees', textContent: 'Ten euros.', status: 'completed' });
    await db.insert(chatSessions).values([
      { sessionId: randomUUID(), chatbotId: bot.id, messageCount: 2, isTest: true },
      { sessionId: randomUUID(), chatbotId: bot.id, messageCount: 4 },
      { sessionId: randomUUID(), chatbotId: bot.id, messageCount: 3 },
      { sessionId: randomUUID(), chatbotId: bot.id, messageCount: 0 },
    ]);
    const list = await (await chatbots.$get(undefined, withCookie(cookie))).json();
    expect(list).toEqual([expect.objectContaining({ guid: bot.guid, sourceCount: 1, testConversationCount: 1, visitorConversationCount: 2 })]);

    const updated = await chatbots[':guid'].$put({ param: { guid: bot.guid }, json: { name: 'Harbour Help', temperature: 4 } }, withCookie(cookie));
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ name: 'Harbour Help', temperature: 4, allowedDomains: ['harbor.example'] });
    const read = await chatbots[':guid'].$get({ param: { guid: bot.guid } }, withCookie(cookie));
    expect(await read.json()).toMatchObject({ name: 'Harbour Help' });

    const other = await createUserAndCookie();
    expect((await chatbots[':guid'].$get({ param: { guid: bot.guid } }, withCookie(other.cookie))).status).toBe(404);
    expect((await chatbots[':guid'].$delete({ param: { guid: bot.guid } }, withCookie(cookie))).status).toBeLessThan(300);
    expect(await (await chatbots.$get(undefined, withCookie(cookie))).json()).toEqual([]);
  });

  it("holds parallel creations to the plan's cap of active bots, and a guid to one bot", async () => {
    const { cookie } = await owner();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => chatbots.$post({ json: { guid: randomUUID(), name: 'Bot', systemPrompt: 'Help.', model: 'gpt-4.1' } }, withCookie(cookie))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, ...Array(19).fill(403)]);
    const refused = results.find((r) => (r.status as number) === 403)!;
    expect(await errorOf(refused)).toMatchObject({ details: { upgradeRequired: true, currentBots: 1, maxBots: 1 } });

    const guid = randomUUID();
    const twice = await Promise.all(
      Array.from({ length: 4 }, () => chatbots.$post({ json: { guid, name: 'Off', systemPrompt: 'Help.', model: 'gpt-4.1', isActive: false } }, withCookie(cookie))),
    );
    expect(twice.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
  });

  it('saves a home screen (the UI designer’s result) and reads it back, also publicly', async () => {
    const { cookie } = await owner();
    const bot = await newBot(cookie, { name: 'Design Bot' });
    await db.insert(surveys).values({ chatbotId: bot.id, name: 'Visit feedback', status: 'active', surveyConfig: { ...newSurveyConfig('survey_visit'), title: 'Rate us' } });
    // The designer knows the bot's surveys (read from PostgreSQL), so a survey topic starts one.
    const designed = await client.api['ui-designer'].generate.$post(
      { json: { prompt: 'a support home with a topic "Rate your visit" that starts the Visit feedback survey', chatbotId: bot.guid } },
      withCookie(cookie),
    );
    expect(designed.status).toBe(200);
    const { config } = (await designed.json()) as UiDesignerResponse;
    const topics = config.components.flatMap((c): HomeTopic[] => (c.type === 'topic_grid' ? c.props.topics : c.type === 'quick_actions' ? c.props.actions : []));
    expect(topics.filter((t) => t.actionType === 'survey').map((t) => t.title)).toEqual(['Rate your visit']);

    const saved = await chatbots.guid[':guid'].$patch({ param: { guid: bot.guid }, json: { homeScreenConfig: config } }, withCookie(cookie));
    expect(saved.status).toBe(200);
    const read = (await (await chatbots[':guid'].$get({ param: { guid: bot.guid } }, withCookie(cookie))).json()) as unknown as { homeScreenConfig: HomeScreenConfig };
    expect(read.homeScreenConfig).toEqual(config);
    const publicConfig = await client.api.public.chatbots[':ref'].$get({ param: { ref: bot.guid } });
    expect(publicConfig.status).toBe(200);
    expect(await publicConfig.json()).toMatchObject({ name: 'Design Bot', homeScreenConfig: config });

    // Reset: back to none.
    expect((await chatbots.guid[':guid'].$patch({ param: { guid: bot.guid }, json: { homeScreenConfig: null } }, withCookie(cookie))).status).toBe(200);
    expect(((await (await chatbots[':guid'].$get({ param: { guid: bot.guid } }, withCookie(cookie))).json()) as { homeScreenConfig: unknown }).homeScreenConfig).toBeNull();
  });
});

describe('the public default chatbot and the admin pages on PostgreSQL', () => {
  it('lists accounts and bots searchably, and makes one bot the default public chatbot even when two admins switch at once', async () => {
    // The first account of the install (made above) is its admin.
    await owner();
    const login = await client.api.auth.login.$post({ json: { email: 'first-admin@example.com', password: 'correct horse battery' } });
    expect(login.status).toBe(200);
    const admin = { cookie: login.headers.get('set-cookie')!.split(';')[0]! };
    const asAdmin = withCookie(admin.cookie);
    const olga = await createUserAndCookie({ email: 'olga-owner@example.com', firstName: 'Olga' });
    const spam = await newBot(olga.cookie, { name: 'Spam Blaster' });
    const quiet = await newBot(admin.cookie, { name: 'Quiet Helper' });
    expect((await client.api.public['default-chatbot'].$get()).status).toBe(404);

    for (const search of ['OLGA', 'olga-owner@', 'Olga']) {
      const found = await (await client.api.admin.accounts.$get({ query: { search } }, asAdmin)).json();
      expect(found.accounts.map((a) => a.email), search).toEqual(['olga-owner@example.com']);
      expect(found.accounts[0]).toMatchObject({ plan: { id: 'free' }, activeBots: 1, totalBots: 1, messagesUsedThisMonth: 0 });
    }
    expect((await (await client.api.admin.accounts.$get({ query: { search: '%' } }, asAdmin)).json()).accounts).toEqual([]);
    const bots = await (await client.api.admin.chatbots.$get({ query: { search: 'blaster' } }, asAdmin)).json();
    expect(bots.map((b) => b.guid)).toEqual([spam.guid]);

    const switches = await Promise.all([spam, quiet, spam, quiet].map((b) => client.api.admin['default-chatbot'].$post({ json: { chatbotId: b.guid } }, asAdmin)));
    expect(switches.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const all = await (await client.api.admin.chatbots.$get({ query: {} }, asAdmin)).json();
    const defaults = all.filter((b) => b.isPublicDefault);
    expect(defaults).toHaveLength(1);
    // The default is listed first, and the public endpoint answers it.
    expect(all[0]!.guid).toBe(defaults[0]!.guid);
    const publicDefault = await client.api.public['default-chatbot'].$get();
    expect(publicDefault.status).toBe(200);
    expect(await publicDefault.json()).toMatchObject({ id: defaults[0]!.id, name: defaults[0]!.name });

    // Every switch is in the log, newest first.
    const log = await (await client.api.admin.actions.$get({ query: {} }, asAdmin)).json();
    expect(log.actions.filter((a) => a.action === 'set_default_chatbot')).toHaveLength(4);
    expect(log.actions[0]!.details).toMatchObject({ toChatbotId: defaults[0]!.guid });
  });
});
