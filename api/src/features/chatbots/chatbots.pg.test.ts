import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';

// setupPostgres.ts has pointed DATABASE_URL at a fresh database: the whole app runs on PostgreSQL.
// The chatbot and admin APIs are in chatbots.test.ts and admin.test.ts, which run on PostgreSQL
// too; here what races over the connection pool.
const { client, createUserAndCookie, errorOf, newBot, withCookie } = await import('../../../test/helpers');
const { postgres } = await import('../../db/client');

afterAll(() => postgres?.pool.end());

const { chatbots } = client.api;
/** A non-admin owner on Free (one active bot): the first account of an install is admin. */
async function owner() {
  await createUserAndCookie({ email: 'first-admin@example.com' }).catch(() => undefined);
  return createUserAndCookie();
}

describe('chatbots on PostgreSQL', () => {
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
});

describe('the public default chatbot on PostgreSQL', () => {
  it('makes one bot the default public chatbot even when two admins switch at once', async () => {
    // The first account of the install (made above) is its admin.
    await owner();
    const login = await client.api.auth.login.$post({ json: { email: 'first-admin@example.com', password: 'correct horse battery' } });
    expect(login.status).toBe(200);
    const admin = { cookie: login.headers.get('set-cookie')!.split(';')[0]! };
    const asAdmin = withCookie(admin.cookie);
    const olga = await owner();
    const spam = await newBot(olga.cookie, { name: 'Spam Blaster' });
    const quiet = await newBot(admin.cookie, { name: 'Quiet Helper' });
    expect((await client.api.public['default-chatbot'].$get()).status).toBe(404);

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
