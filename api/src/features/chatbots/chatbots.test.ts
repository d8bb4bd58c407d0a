import { randomUUID } from 'node:crypto';
import type { HomeScreenConfig } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { app } from '../../app';
import { db } from '../../db/client';
import { chatSessions } from '../../db/schema';
import { client, createUserAndCookie, ensureStarted, errorOf, newBot, untyped, validationErrorOf, withCookie } from '../../../test/helpers';

/** The first account is admin (exempt from caps), so every test here uses later accounts. */
async function owner() {
  await ensureStarted();
  await createUserAndCookie({ email: 'admin-first@example.com' }).catch(() => undefined);
  return createUserAndCookie();
}

const valid = () => ({ guid: randomUUID(), name: 'Helper', systemPrompt: 'Be kind.', model: 'gpt-4.1' });

const chatbots = client.api.chatbots;
const chatbot = client.api.chatbots[':guid'];
const homeScreen = client.api.chatbots.guid[':guid'];

describe('chatbots API', () => {
  it('creates a bot with the spec defaults and lists it', async () => {
    const { cookie } = await owner();
    expect(await (await chatbots.$get(undefined, withCookie(cookie))).json()).toEqual([]);
    const guid = randomUUID();
    const res = await chatbots.$post({ json: { guid, name: 'Acme Support' } }, withCookie(cookie));
    expect(res.status).toBe(201);
    const bot = await res.json();
    expect(bot).toMatchObject({
      guid,
      name: 'Acme Support',
      model: 'gpt-4.1',
      temperature: 7,
      maxTokens: 1000,
      welcomeMessage: 'Hello! How can I help you today?',
      fallbackMessage: "I'm sorry, I didn't understand that. Could you please rephrase your question?",
      initialMessages: ['Hello! Need any help? 👋'],
      isActive: true,
      homeScreenConfig: null,
    });
    expect(bot.systemPrompt).toMatch(/helpful/i);
    const list = await (await chatbots.$get(undefined, withCookie(cookie))).json();
    expect(list.map((b) => b.guid)).toEqual([guid]);
    const one = await chatbot.$get({ param: { guid } }, withCookie(cookie));
    expect((await one.json()).name).toBe('Acme Support');
    // The numeric id names the bot too.
    expect((await (await chatbot.$get({ param: { guid: String(bot.id) } }, withCookie(cookie))).json()).guid).toBe(guid);
  });

  it.each([
    [{ name: '' }, 'Name is required', 'name'],
    [{ name: '   ' }, 'Name is required', 'name'],
    [{ name: undefined }, 'Name is required', 'name'],
    [{ systemPrompt: '' }, 'System prompt is required', 'systemPrompt'],
    [{ model: '' }, 'Model is required', 'model'],
    [{ temperature: 11 }, 'Temperature must be between 0 and 10', 'temperature'],
    [{ temperature: -1 }, 'Temperature must be between 0 and 10', 'temperature'],
    [{ temperature: 'hot' }, 'Temperature must be a number', 'temperature'],
    [{ maxTokens: 99 }, 'Max tokens must be between 100 and 4000', 'maxTokens'],
    [{ maxTokens: 4001 }, 'Max tokens must be between 100 and 4000', 'maxTokens'],
    [{ formRecipientEmail: 'not-an-email' }, 'Valid email required', 'formRecipientEmail'],
    [{ guid: 'abc' }, 'guid must be a UUID', 'guid'],
    [{ isActive: 'yes' }, 'isActive must be true or false', 'isActive'],
  ])('rejects %j with "%s"', async (patch, message, field) => {
    const { cookie } = await owner();
    const res = await chatbots.$post({ json: untyped({ ...valid(), ...patch }) }, withCookie(cookie));
    expect(res.status).toBe(400);
    const body = await validationErrorOf(res);
    expect(body.message).toBe(message);
    expect(body.details.fieldErrors[field]).toContain(message);
    expect(await (await chatbots.$get(undefined, withCookie(cookie))).json()).toEqual([]);
  });

  it('validates updates the same way and keeps the stored bot on a bad update', async () => {
    const { cookie } = await owner();
    const bot = await newBot(cookie, { name: 'Before', allowedDomains: ['harbor.example'] });
    for (const [patch, message] of [
      [{ name: '' }, 'Name is required'],
      [{ systemPrompt: ' ' }, 'System prompt is required'],
      [{ formRecipientEmail: 'x@' }, 'Valid email required'],
    ] as const) {
      const res = await chatbot.$put({ param: { guid: bot.guid }, json: patch }, withCookie(cookie));
      expect(res.status).toBe(400);
      expect((await validationErrorOf(res)).message).toBe(message);
    }
    expect((await (await chatbot.$get({ param: { guid: bot.guid } }, withCookie(cookie))).json()).name).toBe('Before');

    const ok = await chatbot.$put(
      {
        param: { guid: bot.guid },
        json: { name: 'After', temperature: 3, formRecipientEmail: '', formRecipientName: 'Desk', initialMessages: ['Hi', 'Need help?'] },
      },
      withCookie(cookie),
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ name: 'After', temperature: 3, formRecipientEmail: null, formRecipientName: 'Desk', initialMessages: ['Hi', 'Need help?'], allowedDomains: ['harbor.example'] });
  });

  it('refuses a duplicate guid with 409', async () => {
    const { cookie } = await owner();
    const bot = await newBot(cookie);
    const again = await chatbots.$post({ json: { ...valid(), guid: bot.guid, isActive: false } }, withCookie(cookie));
    expect(again.status).toBe(409);
  });

  it('saves and resets the home screen config through PATCH /api/chatbots/guid/{guid}', async () => {
    const { cookie } = await owner();
    const bot = await newBot(cookie);
    const homeScreenConfig: HomeScreenConfig = {
      version: '1.0',
      components: [
        { id: 'h', type: 'header', order: 0, visible: true, props: { title: 'Welcome', subtitle: 'How can we help you today?' } },
        {
          id: 'grid',
          type: 'topic_grid',
          order: 1,
          visible: true,
          props: { topics: [{ id: 'docs', title: 'Docs', actionType: 'link', url: 'https://example.com/docs' }], style: { itemStyle: 'outlined', titleFontSize: 18 } },
        },
      ],
      theme: { primaryColor: '#2563eb', backgroundColor: '#ffffff', textColor: '#1f2937', backgroundImageTransparency: 20 },
    };
    const res = await homeScreen.$patch({ param: { guid: bot.guid }, json: { homeScreenConfig } }, withCookie(cookie));
    expect(res.status).toBe(200);
    expect((await res.json()).homeScreenConfig).toEqual(homeScreenConfig);
    expect((await (await chatbot.$get({ param: { guid: bot.guid } }, withCookie(cookie))).json()).homeScreenConfig).toEqual(homeScreenConfig);
    const publicConfig = await client.api.public.chatbots[':ref'].$get({ param: { ref: bot.guid } });
    expect(await publicConfig.json()).toMatchObject({ homeScreenConfig });

    const reset = await homeScreen.$patch({ param: { guid: bot.guid }, json: { homeScreenConfig: null } }, withCookie(cookie));
    expect((await reset.json()).homeScreenConfig).toBeNull();
    expect((await (await chatbot.$get({ param: { guid: bot.guid } }, withCookie(cookie))).json()).homeScreenConfig).toBeNull();
  });

  it('refuses an invalid home screen config with the path of each problem and keeps the stored one', async () => {
    const { cookie } = await owner();
    const bot = await newBot(cookie);
    const saved: HomeScreenConfig = { components: [{ id: 'h', type: 'header', props: { title: 'Kept' } }] };
    await homeScreen.$patch({ param: { guid: bot.guid }, json: { homeScreenConfig: saved } }, withCookie(cookie));
    const patch = async (homeScreenConfig: unknown) => {
      const res = await homeScreen.$patch({ param: { guid: bot.guid }, json: untyped({ homeScreenConfig }) }, withCookie(cookie));
      expect(res.status).toBe(400);
      const body = await errorOf(res);
      return { message: body.message, issues: body.details?.issues };
    };
    const grid = (topic: Record<string, unknown>) => ({ id: 'grid', type: 'topic_grid', props: { topics: [topic] } });

    expect(await patch({ components: [{ id: 'h', type: 'header' }, { id: 'c', type: 'carousel', props: {} }] })).toEqual({
      message: 'components.1.type: Unknown component type: use one of header, category_tabs, topic_grid, quick_actions, footer',
      issues: [{ path: 'components.1.type', message: 'Unknown component type: use one of header, category_tabs, topic_grid, quick_actions, footer' }],
    });
    expect(await patch({ theme: { primaryColor: 'blue' } })).toEqual({
      message: 'theme.primaryColor: Primary color must be a hex colour such as #2563eb',
      issues: [{ path: 'theme.primaryColor', message: 'Primary color must be a hex colour such as #2563eb' }],
    });
    expect(await patch({ theme: { backgroundImageTransparency: 150 } })).toEqual({
      message: 'theme.backgroundImageTransparency: Transparency must be between 0 and 100',
      issues: [{ path: 'theme.backgroundImageTransparency', message: 'Transparency must be between 0 and 100' }],
    });
    // Every problem is listed, the first one named in the message.
    expect(await patch({ components: [{ id: 'h', type: 'header' }, grid({ id: 't', title: ' ' })], theme: { textColor: 'black' } })).toEqual({
      message: 'components.1.props.topics.0.title: Title is required',
      issues: [
        { path: 'components.1.props.topics.0.title', message: 'Title is required' },
        { path: 'theme.textColor', message: 'Text color must be a hex colour such as #2563eb' },
      ],
    });
    expect(await patch({ components: 'x' })).toMatchObject({ issues: [{ path: 'components' }] });
    const missing = await homeScreen.$patch({ param: { guid: bot.guid }, json: untyped({}) }, withCookie(cookie));
    expect((await errorOf(missing)).details?.issues).toEqual([{ path: 'homeScreenConfig', message: expect.any(String) }]);

    expect((await (await chatbot.$get({ param: { guid: bot.guid } }, withCookie(cookie))).json()).homeScreenConfig).toEqual(saved);
  });

  it('lists each bot with its source count and its test and visitor conversations', async () => {
    const { cookie } = await owner();
    const bot = await newBot(cookie);
    const other = await newBot(cookie, { isActive: false });
    const progressOf = async (guid: string) => {
      const list = await (await chatbots.$get(undefined, withCookie(cookie))).json();
      const found = list.find((b) => b.guid === guid)!;
      return { sourceCount: found.sourceCount, testConversationCount: found.testConversationCount, visitorConversationCount: found.visitorConversationCount };
    };
    expect(await progressOf(bot.guid)).toEqual({ sourceCount: 0, testConversationCount: 0, visitorConversationCount: 0 });
    const added = await client.api.chatbots[':chatbotId']['website-sources'].$post(
      { param: { chatbotId: bot.guid }, json: { sourceType: 'text', title: 'Hours', textContent: 'We open at nine every weekday.' } },
      withCookie(cookie),
    );
    expect(added.status).toBe(201);
    const session = (isTest: boolean, messages: number) =>
      db.insert(chatSessions).values({ sessionId: `session_${Date.now()}_${randomUUID().replaceAll('-', '')}`, chatbotId: bot.id, messageCount: messages, isTest });
    await session(true, 2);
    await session(false, 0); // opened, never written in: not a conversation
    expect(await progressOf(bot.guid)).toEqual({ sourceCount: 1, testConversationCount: 1, visitorConversationCount: 0 });
    await session(false, 4);
    await session(false, 1);
    expect(await progressOf(bot.guid)).toEqual({ sourceCount: 1, testConversationCount: 1, visitorConversationCount: 2 });
    expect(await progressOf(other.guid)).toEqual({ sourceCount: 0, testConversationCount: 0, visitorConversationCount: 0 });
  });

  it('enforces the plan cap on active bots with the 403 upgrade shape', async () => {
    const { cookie } = await owner();
    await newBot(cookie, { name: 'One' });
    const res = await chatbots.$post({ json: valid() }, withCookie(cookie));
    expect(res.status).toBe(403);
    const body = await errorOf(res);
    expect(body.message).toMatch(/limit of 1 active chatbot on the Trial plan/);
    expect(body.details).toEqual({ upgradeRequired: true, currentBots: 1, maxBots: 1, planName: 'Free' });

    // An inactive bot may be created, but not activated while at the cap.
    const inactive = await chatbots.$post({ json: { ...valid(), isActive: false } }, withCookie(cookie));
    expect(inactive.status).toBe(201);
    const { guid } = await inactive.json();
    const activate = await chatbot.$put({ param: { guid }, json: { isActive: true } }, withCookie(cookie));
    expect(activate.status).toBe(403);
    expect((await errorOf(activate)).details?.upgradeRequired).toBe(true);
    expect((await (await chatbot.$get({ param: { guid } }, withCookie(cookie))).json()).isActive).toBe(false);
  });

  it('exempts admins from the cap', async () => {
    await ensureStarted();
    // Whichever account was created first in this file is the admin; sign in as it.
    const login = await client.api.auth.login.$post({ json: { email: 'admin-first@example.com', password: 'correct horse battery' } });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    expect(await (await client.api.auth['admin-status'].$get(undefined, withCookie(cookie))).json()).toEqual({ isAdmin: true });
    for (let i = 0; i < 3; i++) expect((await chatbots.$post({ json: valid() }, withCookie(cookie))).status).toBe(201);
  });

  it('gives a second user 404 on every chatbot route of the first', async () => {
    const first = await owner();
    const second = await owner();
    const bot = await newBot(first.cookie, { name: 'Private' });
    const asSecond = withCookie(second.cookie);
    const calls = [
      [`GET /api/chatbots/${bot.guid}`, () => chatbot.$get({ param: { guid: bot.guid } }, asSecond)],
      [`GET /api/chatbots/${bot.id}`, () => chatbot.$get({ param: { guid: String(bot.id) } }, asSecond)],
      [`PUT /api/chatbots/${bot.guid}`, () => chatbot.$put({ param: { guid: bot.guid }, json: { name: 'Stolen' } }, asSecond)],
      [`PATCH /api/chatbots/guid/${bot.guid}`, () => homeScreen.$patch({ param: { guid: bot.guid }, json: { homeScreenConfig: null } }, asSecond)],
      [`DELETE /api/chatbots/${bot.guid}`, () => chatbot.$delete({ param: { guid: bot.guid } }, asSecond)],
    ] as const;
    for (const [call, send] of calls) {
      const res = await send();
      expect(res.status, call).toBe(404);
      expect(await errorOf(res)).toEqual({ message: 'Chatbot not found' });
    }
    expect(await (await chatbots.$get(undefined, asSecond)).json()).toEqual([]);
    const still = await (await chatbot.$get({ param: { guid: bot.guid } }, withCookie(first.cookie))).json();
    expect(still.name).toBe('Private');
  });

  it('requires sign-in and deletes only on request', async () => {
    expect((await chatbots.$get()).status).toBe(401);
    const { cookie } = await owner();
    const bot = await newBot(cookie);
    expect((await chatbot.$delete({ param: { guid: bot.guid } }, withCookie(cookie))).status).toBe(200);
    expect((await chatbot.$get({ param: { guid: bot.guid } }, withCookie(cookie))).status).toBe(404);
    expect((await chatbot.$get({ param: { guid: randomUUID() } }, withCookie(cookie))).status).toBe(404);
  });

  it('answers JSON 404 for unknown API paths and 413 for oversized bodies', async () => {
    // Raw request: the typed client has no way to name a route that does not exist.
    const res = await app.request('/api/definitely-not-here');
    expect(res.status).toBe(404);
    expect((await errorOf(res)).message).toMatch(/No API route/);
    const { cookie } = await owner();
    const huge = await chatbots.$post({ json: { ...valid(), description: 'x'.repeat(2 * 1024 * 1024) } }, withCookie(cookie));
    expect(huge.status).toBe(413);
    expect((await errorOf(huge)).message).toMatch(/at most/);
  });
});

describe('plans', () => {
  it('lists the four plans with Free first and unlimited as -1', async () => {
    await ensureStarted();
    const plans = await (await client.api.subscription.plans.$get()).json();
    expect(plans.map((p) => p.name)).toEqual(['Free', 'Basic', 'Premium', 'Ultra']);
    expect(plans[0]).toMatchObject({ price: 0, maxBots: 1, maxMessagesPerMonth: 100 });
    expect(plans[3]).toMatchObject({ maxBots: -1 });
    for (const p of plans) expect(Number.isInteger(p.price)).toBe(true);
  });

  it('puts a new account on Free, active', async () => {
    const { cookie } = await owner();
    const current = await (await client.api.subscription.current.$get(undefined, withCookie(cookie))).json();
    expect(current).toMatchObject({ status: 'active', plan: { id: 'free', name: 'Free', maxBots: 1 }, messagesUsedThisMonth: 0, cancelAtPeriodEnd: false });
    expect(new Date(current.currentPeriodEnd).getTime()).toBeGreaterThan(Date.now());
    expect((await client.api.subscription.current.$get()).status).toBe(401);
  });
});
