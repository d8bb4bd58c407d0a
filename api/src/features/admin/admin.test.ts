import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { adminActions, chatbots, subscriptions } from '../../db/schema';
import { client, createUserAndCookie, ensureStarted, errorOf, newBot, untyped, validationErrorOf, withCookie } from '../../../test/helpers';
import { setUsage } from '../chat/testing/chatKit';
import { seedDefaultChatbot } from '../public/defaultChatbot';

const admin = client.api.admin;
const account = admin.accounts[':userId'];
const bot = admin.chatbots[':guid'];

type Session = Awaited<ReturnType<typeof createUserAndCookie>>;
type Bot = Awaited<ReturnType<typeof newBot>>;

/** Everything an admin call could change: plans, bots' switches and flags, the log. */
async function snapshot() {
  return {
    subscriptions: await db
      .select({ userId: subscriptions.userId, planId: subscriptions.planId, status: subscriptions.status, cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd })
      .from(subscriptions)
      .orderBy(subscriptions.userId),
    chatbots: await db
      .select({ id: chatbots.id, isActive: chatbots.isActive, isPublicDefault: chatbots.isPublicDefault, disabledByAdminAt: chatbots.disabledByAdminAt })
      .from(chatbots)
      .orderBy(chatbots.id),
    actions: await db.select().from(adminActions).orderBy(adminActions.id),
  };
}

async function lastAction() {
  return (await db.select().from(adminActions).orderBy(desc(adminActions.id)).limit(1))[0];
}

const planOf = async (cookie: string) => (await (await client.api.subscription.current.$get(undefined, withCookie(cookie))).json()).plan.id;

describe('admin API', () => {
  let adminUser: Session;
  let owner: Session;
  let spamBot: Bot;
  let helpBot: Bot;
  let systemBot: Awaited<ReturnType<typeof seedDefaultChatbot>>;

  beforeAll(async () => {
    await ensureStarted();
    // The first account of an install is admin; every later one is not.
    adminUser = await createUserAndCookie({ email: 'ada-admin@example.com', firstName: 'Ada' });
    owner = await createUserAndCookie({ email: 'olga-owner@example.com', firstName: 'Olga' });
    spamBot = await newBot(owner.cookie, { name: 'Spam Blaster', isActive: true });
    helpBot = await newBot(adminUser.cookie, { name: 'Harbor Help' });
    // Parley's own bot, owned by the system user (not an account anyone signs in to).
    const docs = path.join(mkdtempSync(path.join(tmpdir(), 'parley-admin-')), 'knowledge.md');
    writeFileSync(docs, '# Parley\n\n## Plans\n\nParley has four plans: Trial, Basic, Premium and Ultra.\n');
    systemBot = await seedDefaultChatbot(docs);
  });

  it('answers 403 "Administrators only" on every admin route to a non-admin, before reading the input, and changes nothing', async () => {
    expect(await (await client.api.auth['admin-status'].$get(undefined, withCookie(owner.cookie))).json()).toEqual({ isAdmin: false });
    const before = await snapshot();
    const as = withCookie(owner.cookie);
    const calls = {
      accounts: admin.accounts.$get({ query: {} }, as),
      accountBots: account.chatbots.$get({ param: { userId: owner.user.id } }, as),
      plan: account.plan.$post({ param: { userId: owner.user.id }, json: { planId: 'premium' } }, as),
      badPlanBody: account.plan.$post({ param: { userId: owner.user.id }, json: untyped({}) }, as),
      chatbots: admin.chatbots.$get({ query: {} }, as),
      defaultBot: admin['default-chatbot'].$post({ json: { chatbotId: spamBot.guid } }, as),
      deactivate: bot.deactivate.$post({ param: { guid: helpBot.guid }, json: { reason: 'I do not like it' } }, as),
      reactivate: bot.reactivate.$post({ param: { guid: helpBot.guid } }, as),
      actions: admin.actions.$get({ query: {} }, as),
    };
    for (const [name, call] of Object.entries(calls)) {
      const res = await call;
      expect(res.status, name).toBe(403);
      expect(await errorOf(res), name).toEqual({ message: 'Administrators only' });
    }
    // Signed out: the owner API's 401 comes first.
    expect((await admin.accounts.$get({ query: {} })).status).toBe(401);
    expect(await snapshot()).toEqual(before);
    expect(await planOf(owner.cookie)).toBe('free');
  });

  it('lists accounts with their plan, usage and bots, searchable, without the system user', async () => {
    await setUsage(owner.user.id, 42);
    const res = await admin.accounts.$get({ query: {} }, withCookie(adminUser.cookie));
    expect(res.status).toBe(200);
    const { accounts, pagination } = await res.json();
    expect(accounts.map((a) => a.email).sort()).toEqual(['ada-admin@example.com', 'olga-owner@example.com']);
    expect(pagination).toEqual({ totalCount: 2, currentPage: 1, totalPages: 1, hasPreviousPage: false, hasNextPage: false });
    expect(accounts.find((a) => a.id === owner.user.id)).toEqual({
      id: owner.user.id,
      email: 'olga-owner@example.com',
      name: 'Olga',
      isAdmin: false,
      createdAt: expect.any(String),
      plan: { id: 'free', name: 'Free' },
      status: 'active',
      cancelAtPeriodEnd: false,
      messagesUsedThisMonth: 42,
      maxMessagesPerMonth: 100,
      maxBots: 1,
      activeBots: 1,
      totalBots: 1,
    });
    expect(accounts.find((a) => a.id === adminUser.user.id)).toMatchObject({ isAdmin: true, activeBots: 1, totalBots: 1 });

    for (const search of ['OLGA', 'olga-owner@', 'Olga']) {
      const found = await (await admin.accounts.$get({ query: { search } }, withCookie(adminUser.cookie))).json();
      expect(found.accounts.map((a) => a.email), search).toEqual(['olga-owner@example.com']);
    }
    // LIKE's wildcards are plain characters here.
    const none = await (await admin.accounts.$get({ query: { search: '%' } }, withCookie(adminUser.cookie))).json();
    expect(none.accounts).toEqual([]);
    const page2 = await (await admin.accounts.$get({ query: { page: '2' } }, withCookie(adminUser.cookie))).json();
    expect(page2).toMatchObject({ accounts: [], pagination: { currentPage: 2, hasPreviousPage: true } });
    const bad = await admin.accounts.$get({ query: { page: '0' } }, withCookie(adminUser.cookie));
    expect(bad.status).toBe(400);
    expect((await validationErrorOf(bad)).message).toBe('page must be at least 1');
  });

  it("lists one account's bots; the system user and unknown ids are 404", async () => {
    const res = await account.chatbots.$get({ param: { userId: owner.user.id } }, withCookie(adminUser.cookie));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      {
        id: spamBot.id,
        guid: spamBot.guid,
        name: 'Spam Blaster',
        ownerId: owner.user.id,
        ownerEmail: 'olga-owner@example.com',
        isActive: true,
        isPublicDefault: false,
        disabledByAdminAt: null,
      },
    ]);
    for (const userId of ['system', 'no-such-user']) {
      const missing = await account.chatbots.$get({ param: { userId } }, withCookie(adminUser.cookie));
      expect(missing.status, userId).toBe(404);
      expect(await errorOf(missing)).toEqual({ message: 'Account not found' });
    }
  });

  it("changes an account's plan at once, which the owner then sees, and logs it with the admin's email", async () => {
    const res = await account.plan.$post({ param: { userId: owner.user.id }, json: { planId: 'premium' } }, withCookie(adminUser.cookie));
    expect(res.status).toBe(200);
    expect((await res.json()).message).toMatch(/Premium/);
    expect(await planOf(owner.cookie)).toBe('premium');
    expect(await lastAction()).toMatchObject({
      adminUserId: adminUser.user.id,
      adminEmail: 'ada-admin@example.com',
      action: 'change_plan',
      targetUserId: owner.user.id,
      targetChatbotId: null,
      details: { fromPlanId: 'free', toPlanId: 'premium' },
    });

    const log = await (await admin.actions.$get({ query: {} }, withCookie(adminUser.cookie))).json();
    expect(log.actions[0]).toMatchObject({
      adminEmail: 'ada-admin@example.com',
      action: 'change_plan',
      targetUserId: owner.user.id,
      targetEmail: 'olga-owner@example.com',
      details: { fromPlanId: 'free', toPlanId: 'premium' },
    });
    const listed = await (await admin.accounts.$get({ query: { search: 'olga' } }, withCookie(adminUser.cookie))).json();
    expect(listed.accounts[0]).toMatchObject({ plan: { id: 'premium', name: 'Premium' }, maxBots: 10, maxMessagesPerMonth: 10000 });
  });

  it('refuses an unknown plan (400), an unknown or system account (404) and a missing plan id, changing and logging nothing', async () => {
    const before = await snapshot();
    const unknownPlan = await account.plan.$post({ param: { userId: owner.user.id }, json: { planId: 'platinum' } }, withCookie(adminUser.cookie));
    expect(unknownPlan.status).toBe(400);
    expect((await errorOf(unknownPlan)).message).toMatch(/platinum/);
    for (const userId of ['no-such-user', 'system']) {
      const res = await account.plan.$post({ param: { userId }, json: { planId: 'basic' } }, withCookie(adminUser.cookie));
      expect(res.status, userId).toBe(404);
      expect(await errorOf(res)).toEqual({ message: 'Account not found' });
    }
    const missing = await account.plan.$post({ param: { userId: owner.user.id }, json: untyped({ planId: '' }) }, withCookie(adminUser.cookie));
    expect(missing.status).toBe(400);
    expect((await validationErrorOf(missing)).message).toBe('Choose a plan');
    expect(await snapshot()).toEqual(before);
    expect(await planOf(owner.cookie)).toBe('premium');
  });

  it('lists bots of every account for the default picker, the system bot included, searchable by name or owner email', async () => {
    const all = await (await admin.chatbots.$get({ query: {} }, withCookie(adminUser.cookie))).json();
    // The current default first, then by name.
    expect(all.map((b) => b.name)).toEqual(['Parley Assistant', 'Harbor Help', 'Spam Blaster']);
    expect(all[0]).toMatchObject({ guid: systemBot.guid, ownerEmail: 'system@parley.invalid', isPublicDefault: true, isActive: true });
    const byOwner = await (await admin.chatbots.$get({ query: { search: 'OLGA-owner' } }, withCookie(adminUser.cookie))).json();
    expect(byOwner.map((b) => b.guid)).toEqual([spamBot.guid]);
    const byName = await (await admin.chatbots.$get({ query: { search: 'harbor' } }, withCookie(adminUser.cookie))).json();
    expect(byName.map((b) => b.guid)).toEqual([helpBot.guid]);
  });

  it('makes one bot the default public chatbot, which the public endpoint then answers, and logs the switch', async () => {
    expect((await (await client.api.public['default-chatbot'].$get()).json()).guid).toBe(systemBot.guid);
    const res = await admin['default-chatbot'].$post({ json: { chatbotId: helpBot.guid } }, withCookie(adminUser.cookie));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ guid: helpBot.guid, isPublicDefault: true });
    const pub = await client.api.public['default-chatbot'].$get();
    expect(await pub.json()).toMatchObject({ guid: helpBot.guid, name: 'Harbor Help', isActive: true });
    expect(await db.select({ guid: chatbots.guid }).from(chatbots).where(eq(chatbots.isPublicDefault, true))).toEqual([{ guid: helpBot.guid }]);
    expect(await lastAction()).toMatchObject({
      adminEmail: 'ada-admin@example.com',
      action: 'set_default_chatbot',
      targetUserId: adminUser.user.id,
      targetChatbotId: helpBot.id,
      details: { fromChatbotId: systemBot.guid, toChatbotId: helpBot.guid },
    });
  });

  it('refuses an unknown bot (404) and an inactive one (409) as the default, changing nothing', async () => {
    const idle = await newBot(adminUser.cookie, { name: 'Idle Bot', isActive: false });
    const before = await snapshot();
    const inactive = await admin['default-chatbot'].$post({ json: { chatbotId: idle.guid } }, withCookie(adminUser.cookie));
    expect(inactive.status).toBe(409);
    expect((await errorOf(inactive)).message).toBe('This chatbot is inactive. Only an active chatbot can be the default public chatbot.');
    const unknown = await admin['default-chatbot'].$post({ json: { chatbotId: 'no-such-guid' } }, withCookie(adminUser.cookie));
    expect(unknown.status).toBe(404);
    expect(await errorOf(unknown)).toEqual({ message: 'Chatbot not found' });
    expect(await snapshot()).toEqual(before);
    expect((await (await client.api.public['default-chatbot'].$get()).json()).guid).toBe(helpBot.guid);
  });

  it('deactivates an abusive bot with a reason: visitors see it inactive and its owner cannot switch it back on', async () => {
    const short = await bot.deactivate.$post({ param: { guid: spamBot.guid }, json: { reason: ' x ' } }, withCookie(adminUser.cookie));
    expect(short.status).toBe(400);
    expect((await validationErrorOf(short)).message).toBe('Give a reason of at least 3 characters');
    const long = await bot.deactivate.$post({ param: { guid: spamBot.guid }, json: { reason: 'x'.repeat(501) } }, withCookie(adminUser.cookie));
    expect((await validationErrorOf(long)).message).toBe('The reason must be at most 500 characters');

    const res = await bot.deactivate.$post({ param: { guid: spamBot.guid }, json: { reason: 'Sends phishing links' } }, withCookie(adminUser.cookie));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ guid: spamBot.guid, isActive: false, disabledByAdminAt: expect.any(String) });
    expect(await lastAction()).toMatchObject({
      adminEmail: 'ada-admin@example.com',
      action: 'deactivate_chatbot',
      targetUserId: owner.user.id,
      targetChatbotId: spamBot.id,
      details: { reason: 'Sends phishing links', botName: 'Spam Blaster', ownerEmail: 'olga-owner@example.com' },
    });
    const widget = await client.api.public.chatbots[':ref'].$get({ param: { ref: spamBot.guid } });
    expect(await widget.json()).toMatchObject({ guid: spamBot.guid, isActive: false });

    const before = await snapshot();
    const again = await client.api.chatbots[':guid'].$put({ param: { guid: spamBot.guid }, json: { isActive: true } }, withCookie(owner.cookie));
    expect(again.status).toBe(403);
    expect(await errorOf(again)).toEqual({
      message: 'This chatbot was deactivated by an administrator. Contact support to have it reviewed.',
      details: { disabledByAdmin: true },
    });
    // Twice is a 409; the owner may still edit other fields of the switched-off bot.
    const twice = await bot.deactivate.$post({ param: { guid: spamBot.guid }, json: { reason: 'Sends phishing links' } }, withCookie(adminUser.cookie));
    expect(twice.status).toBe(409);
    expect(await snapshot()).toEqual(before);
    const rename = await client.api.chatbots[':guid'].$put({ param: { guid: spamBot.guid }, json: { name: 'Spam Blaster 2' } }, withCookie(owner.cookie));
    expect(rename.status).toBe(200);
    // The admin page shows the owner's bot switched off and flagged.
    const listed = await (await account.chatbots.$get({ param: { userId: owner.user.id } }, withCookie(adminUser.cookie))).json();
    expect(listed[0]).toMatchObject({ isActive: false, disabledByAdminAt: expect.any(String) });
  });

  it('refuses to deactivate the default public chatbot (409) or an unknown bot (404)', async () => {
    const before = await snapshot();
    const isDefault = await bot.deactivate.$post({ param: { guid: helpBot.guid }, json: { reason: 'Testing the rule' } }, withCookie(adminUser.cookie));
    expect(isDefault.status).toBe(409);
    expect((await errorOf(isDefault)).message).toBe('This chatbot is the default public chatbot. Pick another default first, then deactivate it.');
    const unknown = await bot.deactivate.$post({ param: { guid: 'no-such-guid' }, json: { reason: 'Testing the rule' } }, withCookie(adminUser.cookie));
    expect(unknown.status).toBe(404);
    // A deactivated bot cannot become the default either.
    const disabled = await admin['default-chatbot'].$post({ json: { chatbotId: spamBot.guid } }, withCookie(adminUser.cookie));
    expect(disabled.status).toBe(409);
    expect((await errorOf(disabled)).message).toMatch(/deactivated by an administrator/);
    expect(await snapshot()).toEqual(before);
  });

  it('reactivation clears the flag and leaves switching on to the owner', async () => {
    const res = await bot.reactivate.$post({ param: { guid: spamBot.guid } }, withCookie(adminUser.cookie));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ guid: spamBot.guid, isActive: false, disabledByAdminAt: null });
    expect(await lastAction()).toMatchObject({ action: 'reactivate_chatbot', targetChatbotId: spamBot.id, details: { botName: 'Spam Blaster 2', ownerEmail: 'olga-owner@example.com' } });
    const twice = await bot.reactivate.$post({ param: { guid: spamBot.guid } }, withCookie(adminUser.cookie));
    expect(twice.status).toBe(409);
    expect(await errorOf(twice)).toEqual({ message: 'This chatbot was not deactivated by an administrator.' });

    const on = await client.api.chatbots[':guid'].$put({ param: { guid: spamBot.guid }, json: { isActive: true } }, withCookie(owner.cookie));
    expect(on.status).toBe(200);
    expect(await (await client.api.public.chatbots[':ref'].$get({ param: { ref: spamBot.guid } })).json()).toMatchObject({ isActive: true });
  });

  it('shows the log newest first, with every action taken here', async () => {
    const { actions, pagination } = await (await admin.actions.$get({ query: {} }, withCookie(adminUser.cookie))).json();
    expect(actions.map((a) => a.action)).toEqual(['reactivate_chatbot', 'deactivate_chatbot', 'set_default_chatbot', 'change_plan']);
    expect(actions.every((a) => a.adminEmail === 'ada-admin@example.com')).toBe(true);
    // Targets are named as they are now (the bot was renamed since).
    expect(actions[0]).toMatchObject({ targetChatbotId: spamBot.id, targetChatbotName: 'Spam Blaster 2', targetEmail: 'olga-owner@example.com' });
    expect(pagination).toMatchObject({ totalCount: 4, totalPages: 1 });
  });
});
