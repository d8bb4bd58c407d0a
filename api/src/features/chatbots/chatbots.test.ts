import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, createBot, createUserAndCookie, ensureStarted } from '../../../test/helpers';

/** The first account is admin (exempt from caps), so every test here uses later accounts. */
async function owner() {
  await ensureStarted();
  await createUserAndCookie({ email: 'admin-first@example.com' }).catch(() => undefined);
  return createUserAndCookie();
}

const valid = () => ({ guid: randomUUID(), name: 'Helper', systemPrompt: 'Be kind.', model: 'gpt-4.1' });

describe('chatbots API', () => {
  it('creates a bot with the spec defaults and lists it', async () => {
    const { cookie } = await owner();
    expect(await (await api('/api/chatbots', { cookie })).json()).toEqual([]);
    const guid = randomUUID();
    const res = await api('/api/chatbots', { cookie, body: { guid, name: 'Acme Support' } });
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
    const list = await (await api('/api/chatbots', { cookie })).json();
    expect(list.map((b: { guid: string }) => b.guid)).toEqual([guid]);
    const one = await api(`/api/chatbots/${guid}`, { cookie });
    expect((await one.json()).name).toBe('Acme Support');
    // The numeric id names the bot too.
    expect((await (await api(`/api/chatbots/${bot.id}`, { cookie })).json()).guid).toBe(guid);
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
    const res = await api('/api/chatbots', { cookie, body: { ...valid(), ...patch } });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.message).toBe(message);
    expect(body.details.fieldErrors[field]).toContain(message);
    expect(await (await api('/api/chatbots', { cookie })).json()).toEqual([]);
  });

  it('validates updates the same way and keeps the stored bot on a bad update', async () => {
    const { cookie } = await owner();
    const bot = await createBot(cookie, { name: 'Before' });
    for (const [patch, message] of [
      [{ name: '' }, 'Name is required'],
      [{ systemPrompt: ' ' }, 'System prompt is required'],
      [{ formRecipientEmail: 'x@' }, 'Valid email required'],
    ] as const) {
      const res = await api(`/api/chatbots/${bot.guid}`, { cookie, method: 'PUT', body: patch });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(message);
    }
    expect((await (await api(`/api/chatbots/${bot.guid}`, { cookie })).json()).name).toBe('Before');

    const ok = await api(`/api/chatbots/${bot.guid}`, {
      cookie,
      method: 'PUT',
      body: { name: 'After', temperature: 3, formRecipientEmail: '', formRecipientName: 'Desk', initialMessages: ['Hi', 'Need help?'] },
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ name: 'After', temperature: 3, formRecipientEmail: null, formRecipientName: 'Desk', initialMessages: ['Hi', 'Need help?'] });
  });

  it('refuses a duplicate guid with 409', async () => {
    const { cookie } = await owner();
    const bot = await createBot(cookie);
    const again = await api('/api/chatbots', { cookie, body: { ...valid(), guid: bot.guid, isActive: false } });
    expect(again.status).toBe(409);
  });

  it('saves and resets the home screen config through PATCH /api/chatbots/guid/{guid}', async () => {
    const { cookie } = await owner();
    const bot = await createBot(cookie);
    const homeScreenConfig = {
      version: '1.0',
      components: [{ id: 'h', type: 'header', order: 0, visible: true, props: { title: 'Welcome', subtitle: 'How can we help you today?' } }],
      theme: { primaryColor: '#2563eb', backgroundColor: '#ffffff', textColor: '#1f2937', backgroundImageTransparency: 20 },
    };
    const res = await api(`/api/chatbots/guid/${bot.guid}`, { cookie, method: 'PATCH', body: { homeScreenConfig } });
    expect(res.status).toBe(200);
    expect((await res.json()).homeScreenConfig).toMatchObject(homeScreenConfig);
    const bad = await api(`/api/chatbots/guid/${bot.guid}`, { cookie, method: 'PATCH', body: { homeScreenConfig: { components: 'x' } } });
    expect(bad.status).toBe(400);
    const reset = await api(`/api/chatbots/guid/${bot.guid}`, { cookie, method: 'PATCH', body: { homeScreenConfig: null } });
    expect((await reset.json()).homeScreenConfig).toBeNull();
  });

  it('enforces the plan cap on active bots with the 403 upgrade shape', async () => {
    const { cookie } = await owner();
    await createBot(cookie, { name: 'One' });
    const res = await api('/api/chatbots', { cookie, body: valid() });
    expect(res.status).toBe(403);
    const body = await res.json();
    expect(body.message).toMatch(/limit of 1 active chatbot on the Trial plan/);
    expect(body.details).toEqual({ upgradeRequired: true, currentBots: 1, maxBots: 1, planName: 'Free' });

    // An inactive bot may be created, but not activated while at the cap.
    const inactive = await api('/api/chatbots', { cookie, body: { ...valid(), isActive: false } });
    expect(inactive.status).toBe(201);
    const { guid } = await inactive.json();
    const activate = await api(`/api/chatbots/${guid}`, { cookie, method: 'PUT', body: { isActive: true } });
    expect(activate.status).toBe(403);
    expect((await activate.json()).details.upgradeRequired).toBe(true);
    expect((await (await api(`/api/chatbots/${guid}`, { cookie })).json()).isActive).toBe(false);
  });

  it('exempts admins from the cap', async () => {
    await ensureStarted();
    // Whichever account was created first in this file is the admin; sign in as it.
    const login = await api('/api/auth/login', { body: { email: 'admin-first@example.com', password: 'correct horse battery' } });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    expect(await (await api('/api/auth/admin-status', { cookie })).json()).toEqual({ isAdmin: true });
    for (let i = 0; i < 3; i++) expect((await api('/api/chatbots', { cookie, body: valid() })).status).toBe(201);
  });

  it('gives a second user 404 on every chatbot route of the first', async () => {
    const first = await owner();
    const second = await owner();
    const bot = await createBot(first.cookie, { name: 'Private' });
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/chatbots/${bot.guid}`],
      ['GET', `/api/chatbots/${bot.id}`],
      ['PUT', `/api/chatbots/${bot.guid}`, { name: 'Stolen' }],
      ['PATCH', `/api/chatbots/guid/${bot.guid}`, { homeScreenConfig: null }],
      ['DELETE', `/api/chatbots/${bot.guid}`],
    ];
    for (const [method, path, body] of calls) {
      const res = await api(path, { cookie: second.cookie, method, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await res.json()).toEqual({ message: 'Chatbot not found' });
    }
    expect(await (await api('/api/chatbots', { cookie: second.cookie })).json()).toEqual([]);
    const still = await (await api(`/api/chatbots/${bot.guid}`, { cookie: first.cookie })).json();
    expect(still.name).toBe('Private');
  });

  it('requires sign-in and deletes only on request', async () => {
    expect((await api('/api/chatbots')).status).toBe(401);
    const { cookie } = await owner();
    const bot = await createBot(cookie);
    expect((await api(`/api/chatbots/${bot.guid}`, { cookie, method: 'DELETE' })).status).toBe(200);
    expect((await api(`/api/chatbots/${bot.guid}`, { cookie })).status).toBe(404);
    expect((await api(`/api/chatbots/${randomUUID()}`, { cookie })).status).toBe(404);
  });

  it('answers JSON 404 for unknown API paths and 413 for oversized bodies', async () => {
    const res = await api('/api/definitely-not-here');
    expect(res.status).toBe(404);
    expect((await res.json()).message).toMatch(/No API route/);
    const { cookie } = await owner();
    const huge = await api('/api/chatbots', { cookie, body: { ...valid(), description: 'x'.repeat(2 * 1024 * 1024) } });
    expect(huge.status).toBe(413);
    expect((await huge.json()).message).toMatch(/at most/);
  });
});

describe('plans', () => {
  it('lists the four plans with Free first and unlimited as -1', async () => {
    await ensureStarted();
    const plans = await (await api('/api/subscription/plans')).json();
    expect(plans.map((p: { name: string }) => p.name)).toEqual(['Free', 'Basic', 'Premium', 'Ultra']);
    expect(plans[0]).toMatchObject({ price: 0, maxBots: 1, maxMessagesPerMonth: 100 });
    expect(plans[3]).toMatchObject({ maxBots: -1 });
    for (const p of plans) expect(Number.isInteger(p.price)).toBe(true);
  });

  it('puts a new account on Free, active', async () => {
    const { cookie } = await owner();
    const current = await (await api('/api/subscription/current', { cookie })).json();
    expect(current).toMatchObject({ status: 'active', plan: { id: 'free', name: 'Free', maxBots: 1 }, messagesUsedThisMonth: 0, cancelAtPeriodEnd: false });
    expect(new Date(current.currentPeriodEnd).getTime()).toBeGreaterThan(Date.now());
    expect((await api('/api/subscription/current')).status).toBe(401);
  });
});
