import type { StreamEvent } from '@parley/contracts';
import { and, count, eq, lte } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

// Per-minute limit per session kept on (test chats must still meet it); the per-address daily
// cap is low so that sparing test chats from it shows. Each test speaks from its own address.
process.env.RATE_LIMIT_CHAT_PER_MINUTE = '0';
process.env.RATE_LIMIT_SESSION_PER_MINUTE = '4';
process.env.RATE_LIMIT_NEW_SESSIONS_PER_HOUR = '0';
process.env.RATE_LIMIT_MESSAGES_PER_ADDRESS_PER_DAY = '2';
process.env.TRUST_PROXY = '1';
process.env.PUBLIC_URL = 'https://parley.example.com';
const kit = await import('./testing/chatKit');
const { db } = await import('../../db/client');
const { chatSessions, chatTestTokens, dailyBotUsage } = await import('../../db/schema');
const { TEST_TOKEN_TTL_MS, issueTestToken } = await import('./chatTestTokens');
const { client, errorOf, withCookie } = kit;
const chat = client.api.chat;
const chatbots = client.api.chatbots;

let owner: Awaited<ReturnType<typeof kit.owner>>;
let bot: Awaited<ReturnType<typeof kit.newBot>>;
beforeAll(async () => {
  owner = await kit.owner();
  bot = await kit.newBot(owner.cookie, { name: 'Tested', dailyMessageLimit: 2 });
});

let addresses = 0;
/**
 * A fresh client address (through the trusted proxy), so per-address counters start at zero,
 * calling from Parley's own origin as the Test page does (test tokens work only there).
 */
const fresh = (origin = 'https://parley.example.com') => ({
  'x-forwarded-for': `10.9.${Math.floor(++addresses / 250)}.${addresses % 250}`,
  origin,
});

async function testToken(guid = bot.guid, cookie = owner.cookie) {
  const res = await chatbots[':guid']['test-token'].$post({ param: { guid } }, withCookie(cookie));
  expect(res.status).toBe(201);
  return (await res.json()).token;
}

const dailyUsed = async (chatbotId: number) =>
  (
    await db
      .select({ n: dailyBotUsage.messagesUsed })
      .from(dailyBotUsage)
      .where(and(eq(dailyBotUsage.chatbotId, chatbotId), eq(dailyBotUsage.day, new Date().toISOString().slice(0, 10))))
  )[0]?.n ?? 0;
const isTestRow = async (sessionId: string) =>
  (await db.select({ t: chatSessions.isTest }).from(chatSessions).where(eq(chatSessions.sessionId, sessionId)))[0]?.t;
const sessionCount = async () => (await db.select({ n: count() }).from(chatSessions))[0].n;
const answered = (events: StreamEvent[]) => events.some((e) => e.type === 'complete');

describe('test tokens', () => {
  it('issues a random token for the owner’s own bot, storing only its hash', async () => {
    const before = Date.now();
    const res = await chatbots[':guid']['test-token'].$post({ param: { guid: bot.guid } }, withCookie(owner.cookie));
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(['expiresAt', 'token']);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const expires = Date.parse(body.expiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + TEST_TOKEN_TTL_MS);
    expect(expires).toBeLessThanOrEqual(Date.now() + TEST_TOKEN_TTL_MS);
    expect(await testToken()).not.toBe(body.token);
    const stored = await db.select({ h: chatTestTokens.tokenHash }).from(chatTestTokens).where(eq(chatTestTokens.chatbotId, bot.id));
    expect(stored.length).toBeGreaterThanOrEqual(2);
    expect(stored.map((s) => s.h)).not.toContain(body.token);
    expect(stored.every((s) => /^[0-9a-f]{64}$/.test(s.h))).toBe(true);
  });

  it('answers 404 for another owner’s bot or a missing one, and 401 without a sign-in', async () => {
    const stranger = await kit.owner();
    const foreign = await chatbots[':guid']['test-token'].$post({ param: { guid: bot.guid } }, withCookie(stranger.cookie));
    expect(foreign.status).toBe(404);
    expect(await errorOf(foreign)).toEqual({ message: 'Chatbot not found' });
    const missing = await chatbots[':guid']['test-token'].$post({ param: { guid: crypto.randomUUID() } }, withCookie(owner.cookie));
    expect(missing.status).toBe(404);
    const anonymous = await chatbots[':guid']['test-token'].$post({ param: { guid: bot.guid } });
    expect(anonymous.status).toBe(401);
  });

  it('prunes expired tokens when a new one is issued', async () => {
    const old = await issueTestToken(owner.user.id, bot.guid, new Date(Date.now() - 2 * TEST_TOKEN_TTL_MS));
    const expired = async () => (await db.select({ n: count() }).from(chatTestTokens).where(lte(chatTestTokens.expiresAt, new Date())))[0].n;
    expect(await expired()).toBeGreaterThanOrEqual(1);
    await testToken();
    expect(await expired()).toBe(0);
    expect(old.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('test sessions', () => {
  it('are not counted against the monthly quota or the daily caps, while a visitor’s turn counts one', async () => {
    const from = fresh();
    const token = await testToken();
    const opened = await chat.session.$post({ json: { sessionId: kit.newSessionId(), chatbotConfigId: bot.guid, testToken: token } }, { headers: from });
    expect(opened.status).toBe(201);
    const testSession = (await opened.json()).sessionId;
    expect(await isTestRow(testSession)).toBe(true);

    const monthBefore = await kit.usage(owner.user.id);
    const dayBefore = await dailyUsed(bot.id);
    // Three turns: more than the address may send a day (2) and more than the bot's cap (2).
    for (const content of ['Test one', 'Test two', 'Test three']) {
      const { status, events } = await kit.streamMessage(testSession, { content }, from);
      expect(status, content).toBe(200);
      expect(answered(events), content).toBe(true);
    }
    const plain = await chat[':sessionId'].messages.$post({ param: { sessionId: testSession }, json: { content: 'Not streamed' } }, { headers: from });
    expect(plain.status).toBe(200);
    expect(await kit.usage(owner.user.id)).toBe(monthBefore);
    expect(await dailyUsed(bot.id)).toBe(dayBefore);
    expect(await kit.getMessages(testSession)).toHaveLength(8);

    // The per-minute limit per session still holds for a test chat (4 a minute here).
    const fifth = await kit.streamMessage(testSession, { content: 'Too fast' }, from);
    expect(fifth.status).toBe(429);
    expect((await errorOf(fifth.res)).message).toBe('You are sending messages too quickly. Please wait a moment and try again.');

    // The same address, as a visitor without a token: counted once, monthly and daily.
    const visitor = await kit.openSession(bot.guid, kit.newSessionId(), from);
    expect(await isTestRow(visitor)).toBe(false);
    expect((await kit.streamMessage(visitor, { content: 'Visitor question' }, from)).status).toBe(200);
    expect(await kit.usage(owner.user.id)).toBe(monthBefore + 1);
    expect(await dailyUsed(bot.id)).toBe(dayBefore + 1);
  });

  it('are answered when the monthly quota is used up, while visitors get limit_exceeded', async () => {
    const o = await kit.owner();
    const b = await kit.newBot(o.cookie, { name: 'Full' });
    await kit.setUsage(o.user.id, 100); // Free plan: 100 a month
    const from = fresh();
    const token = await testToken(b.guid, o.cookie);
    // The stream call that creates the session carries the token as well.
    const sessionId = kit.newSessionId();
    const test = await kit.streamMessage(sessionId, { content: 'Does it still answer?', chatbotConfigId: b.guid, testToken: token }, from);
    expect(test.status).toBe(200);
    expect(answered(test.events)).toBe(true);
    expect(await isTestRow(sessionId)).toBe(true);
    const visitor = await kit.streamMessage(kit.newSessionId(), { content: 'And for me?', chatbotConfigId: b.guid }, fresh());
    expect(visitor.events[0]?.type).toBe('limit_exceeded');
    expect(await kit.usage(o.user.id)).toBe(100);
  });

  it('still answer chatbot_inactive when the bot is switched off', async () => {
    const o = await kit.owner();
    const b = await kit.newBot(o.cookie, { name: 'Off' });
    const token = await testToken(b.guid, o.cookie);
    const from = fresh();
    const sessionId = kit.newSessionId();
    expect((await chat.session.$post({ json: { sessionId, chatbotConfigId: b.guid, testToken: token } }, { headers: from })).status).toBe(201);
    await chatbots[':guid'].$put({ param: { guid: b.guid }, json: { isActive: false } }, withCookie(o.cookie));
    const { status, events } = await kit.streamMessage(sessionId, { content: 'Hello?' }, from);
    expect(status).toBe(200);
    expect(events.map((e) => e.type)).toEqual(['chatbot_inactive', 'end']);
  });

  it('refuses an unknown, expired or other bot’s token with 403 and creates no session', async () => {
    const o = await kit.owner();
    const other = await kit.newBot(o.cookie, { name: 'Other' });
    const otherToken = await testToken(other.guid, o.cookie);
    const expired = (await issueTestToken(owner.user.id, bot.guid, new Date(Date.now() - TEST_TOKEN_TTL_MS - 1000))).token;
    const message = 'This test token is invalid or has expired. Reload the Test page to start a new test chat.';
    for (const [label, token] of [
      ['unknown', 'x'.repeat(43)],
      ['expired', expired],
      ['other bot', otherToken],
    ]) {
      const sessionId = kit.newSessionId();
      const opened = await chat.session.$post({ json: { sessionId, chatbotConfigId: bot.guid, testToken: token } }, { headers: fresh() });
      expect(opened.status, label).toBe(403);
      expect(await errorOf(opened), label).toEqual({ message, details: { reason: 'invalid_test_token' } });
      const streamed = await kit.streamMessage(sessionId, { content: 'hi', chatbotConfigId: bot.guid, testToken: token }, fresh());
      expect(streamed.status, label).toBe(403);
      expect((await errorOf(streamed.res)).message, label).toBe(message);
      expect(await isTestRow(sessionId), label).toBeUndefined();
    }
    // Shape checks come first: an empty or oversized token is a 400.
    const empty = await chat.session.$post({ json: { sessionId: kit.newSessionId(), chatbotConfigId: bot.guid, testToken: '' } }, { headers: fresh() });
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).message).toBe('Invalid test token');
  });

  it('are refused off Parley’s own pages: a valid token from another site or with no Origin opens nothing', async () => {
    const token = await testToken();
    const message = 'Test chats can only be started from the Test page of your Parley dashboard.';
    const sessionsBefore = await sessionCount();
    const elsewhere = [
      ['foreign origin', fresh('https://evil.example.net')],
      ['lookalike origin', fresh('https://parley.example.com.evil.test')],
      ['no origin', { 'x-forwarded-for': fresh()['x-forwarded-for'] }],
    ] as const;
    for (const [label, headers] of elsewhere) {
      const sessionId = kit.newSessionId();
      const opened = await chat.session.$post({ json: { sessionId, chatbotConfigId: bot.guid, testToken: token } }, { headers });
      expect(opened.status, label).toBe(403);
      expect(await errorOf(opened), label).toEqual({ message, details: { reason: 'test_token_foreign_origin' } });
      const streamed = await kit.streamMessage(sessionId, { content: 'hi', chatbotConfigId: bot.guid, testToken: token }, headers);
      expect(streamed.status, label).toBe(403);
      expect((await errorOf(streamed.res)).message, label).toBe(message);
      expect(await isTestRow(sessionId), label).toBeUndefined();
    }
    expect(await sessionCount()).toBe(sessionsBefore);

    // The same token from Parley's own origin (PUBLIC_URL, or the host the request was sent to) opens a test chat.
    const own = await chat.session.$post({ json: { sessionId: kit.newSessionId(), chatbotConfigId: bot.guid, testToken: token } }, { headers: fresh() });
    expect(own.status).toBe(201);
    expect(await isTestRow((await own.json()).sessionId)).toBe(true);
    const sameHost = { ...fresh('http://parley.internal:8080'), host: 'parley.internal:8080' };
    const byHost = await chat.session.$post({ json: { sessionId: kit.newSessionId(), chatbotConfigId: bot.guid, testToken: token } }, { headers: sameHost });
    expect(byHost.status).toBe(201);
    expect(await isTestRow((await byHost.json()).sessionId)).toBe(true);
  });

  it('an existing session keeps its flag whatever token comes later', async () => {
    const from = fresh();
    const visitor = await kit.openSession(bot.guid, kit.newSessionId(), from);
    const token = await testToken();
    const again = await chat.session.$post({ json: { sessionId: visitor, chatbotConfigId: bot.guid, testToken: token } }, { headers: from });
    expect(again.status).toBe(200);
    expect(await isTestRow(visitor)).toBe(false);
    const before = await kit.usage(owner.user.id);
    expect((await kit.streamMessage(visitor, { content: 'Counted?', testToken: token }, from)).status).toBe(200);
    expect(await kit.usage(owner.user.id)).toBe(before + 1);

    const test = (await (await chat.session.$post({ json: { sessionId: kit.newSessionId(), chatbotConfigId: bot.guid, testToken: token } }, { headers: from })).json())
      .sessionId;
    const reopened = await chat.session.$post({ json: { sessionId: test, chatbotConfigId: bot.guid } }, { headers: from });
    expect(reopened.status).toBe(200);
    expect(await isTestRow(test)).toBe(true);
  });

  it('are listed with isTest in history and counted, as a bare number, among the conversations', async () => {
    const o = await kit.owner();
    const b = await kit.newBot(o.cookie, { name: 'History' });
    const from = fresh();
    const token = await testToken(b.guid, o.cookie);
    const visitor = await kit.openSession(b.guid, kit.newSessionId(), from);
    await kit.streamMessage(visitor, { content: 'From a visitor' }, from);
    const test = kit.newSessionId();
    await kit.streamMessage(test, { content: 'From the owner', chatbotConfigId: b.guid, testToken: token }, from);

    const list = await chatbots[':guid'].sessions.$get({ param: { guid: b.guid }, query: {} }, withCookie(o.cookie));
    expect(list.status).toBe(200);
    const page = await list.json();
    expect(page.sessions.map((s) => [s.sessionId, s.isTest])).toEqual([
      [test, true],
      [visitor, false],
    ]);
    expect(page.pagination.totalCount).toBe(2);
    expect(page.statistics.totalMessages).toBe(4);

    const count = await chat.conversations.count.$get(undefined, withCookie(o.cookie));
    expect(count.status).toBe(200);
    expect(await count.text()).toBe('2');
  });
});
