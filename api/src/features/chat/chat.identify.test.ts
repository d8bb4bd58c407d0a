import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HistoryExport } from '@parley/contracts';
import { count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

// Verified identity: this file is about the hash check and the label, not throttling.
process.env.RATE_LIMIT_CHAT_PER_MINUTE = '0';
process.env.RATE_LIMIT_SESSION_PER_MINUTE = '0';
const kit = await import('./testing/chatKit');
const { db, dialect } = await import('../../db/client');
const { execute } = await import('../../db/raw');
const { chatbots: chatbotsTable, chatSessions } = await import('../../db/schema');
const { client, errorOf, newBot, newSessionId, openSession, owner, request, withCookie } = kit;
const chat = client.api.chat;
const chatbots = client.api.chatbots;

type Owner = Awaited<ReturnType<typeof owner>>;
type Bot = Awaited<ReturnType<typeof newBot>>;

let ada: Owner;
let bot: Bot;
beforeAll(async () => {
  ada = await owner();
  bot = await newBot(ada.cookie, { name: 'Harbor Help' });
});

/** What the site's server computes: HMAC-SHA256(secret, userId), hex. */
const userHash = (secret: string, userId: string) => createHmac('sha256', secret).update(userId).digest('hex');

async function secretOf(guid = bot.guid, cookie = ada.cookie) {
  const res = await chatbots[':guid']['identity-secret'].$get({ param: { guid } }, withCookie(cookie));
  expect(res.status).toBe(200);
  return (await res.json()).secret;
}

function identify(sessionId: string, json: { userId: string; name?: string; email?: string; userHash: string }) {
  return chat[':sessionId'].identify.$post({ param: { sessionId }, json });
}

/** A visitor message through the non-streamed call (offline model): 200 when the chat works. */
async function say(sessionId: string, content: string) {
  const res = await chat[':sessionId'].messages.$post({ param: { sessionId }, json: { content, messageType: 'text' } });
  return res.status;
}

const stored = async (sessionId: string) =>
  (
    await db
      .select({
        userId: chatSessions.identifiedUserId,
        name: chatSessions.identifiedName,
        email: chatSessions.identifiedEmail,
        at: chatSessions.identifiedAt,
      })
      .from(chatSessions)
      .where(eq(chatSessions.sessionId, sessionId))
  )[0];

describe('POST /api/chat/{sessionId}/identify', () => {
  it('labels the conversation with a verified user, shown in the history list and both exports', async () => {
    const secret = await secretOf();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const sessionId = await openSession(bot.guid);
    expect(await say(sessionId, 'When does the harbour office open?')).toBe(200);

    const before = Date.now();
    const res = await identify(sessionId, { userId: ' user-42 ', name: ' Vera Lane ', email: 'vera@example.com', userHash: userHash(secret, 'user-42').toUpperCase() });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ identified: true, userId: 'user-42' });
    const row = await stored(sessionId);
    expect(row).toMatchObject({ userId: 'user-42', name: 'Vera Lane', email: 'vera@example.com' });
    expect(row.at?.getTime()).toBeGreaterThanOrEqual(before);

    const identity = { userId: 'user-42', name: 'Vera Lane', email: 'vera@example.com', identifiedAt: row.at!.toISOString() };
    const list = await (await chatbots[':guid'].sessions.$get({ param: { guid: bot.guid }, query: {} }, withCookie(ada.cookie))).json();
    expect(list.sessions.find((s) => s.sessionId === sessionId)?.identity).toEqual(identity);

    const json = (await (
      await chat[':sessionId'].export.$get({ param: { sessionId }, query: { format: 'json' } }, withCookie(ada.cookie))
    ).json()) as unknown as HistoryExport;
    expect(json.conversations[0]!.identity).toEqual(identity);

    const csv = (await (await chat[':sessionId'].export.$get({ param: { sessionId }, query: { format: 'csv' } }, withCookie(ada.cookie))).text()).split('\r\n');
    expect(csv[0]!.replace(/^\uFEFF/, '').split(',').slice(-3)).toEqual(['User ID', 'User name', 'User email']);
    const rows = csv.slice(1).filter(Boolean);
    expect(rows.length).toBe(2);
    for (const line of rows) expect(line.endsWith(',user-42,Vera Lane,vera@example.com')).toBe(true);

    const all = (await (
      await chatbots[':guid'].sessions.export.$get({ param: { guid: bot.guid }, query: { format: 'json' } }, withCookie(ada.cookie))
    ).json()) as unknown as HistoryExport;
    expect(all.conversations.find((c) => c.sessionId === sessionId)?.identity).toEqual(identity);
  });

  it('refuses a wrong hash with 401, leaves the session anonymous and still chatting', async () => {
    const secret = await secretOf();
    const sessionId = await openSession(bot.guid);
    const wrong = [userHash(secret, 'someone-else'), userHash('not-the-secret', 'user-7'), '0'.repeat(64)];
    for (const hash of wrong) {
      const res = await identify(sessionId, { userId: 'user-7', name: 'Mallory', userHash: hash });
      expect(res.status).toBe(401);
      expect(await errorOf(res)).toEqual({ message: 'Identity verification failed', details: { reason: 'bad_user_hash' } });
    }
    expect(await stored(sessionId)).toEqual({ userId: null, name: null, email: null, at: null });
    expect(await say(sessionId, 'Is the fuel dock open on Sundays?')).toBe(200);
    const list = await (await chatbots[':guid'].sessions.$get({ param: { guid: bot.guid }, query: {} }, withCookie(ada.cookie))).json();
    expect(list.sessions.find((s) => s.sessionId === sessionId)?.identity).toBeNull();
    // The same visitor can still prove who they are afterwards.
    expect((await identify(sessionId, { userId: 'user-7', userHash: userHash(secret, 'user-7') })).status).toBe(200);
  });

  it('keeps a conversation to one user: another user id is 409, the same one again updates name and email', async () => {
    const secret = await secretOf();
    const sessionId = await openSession(bot.guid);
    expect((await identify(sessionId, { userId: 'alice', name: 'Alice', email: 'alice@example.com', userHash: userHash(secret, 'alice') })).status).toBe(200);

    const other = await identify(sessionId, { userId: 'bob', name: 'Bob', userHash: userHash(secret, 'bob') });
    expect(other.status).toBe(409);
    expect(await errorOf(other)).toEqual({ message: 'This conversation belongs to another signed-in user', details: { reason: 'identity_mismatch' } });
    expect(await stored(sessionId)).toMatchObject({ userId: 'alice', name: 'Alice', email: 'alice@example.com' });

    const again = await identify(sessionId, { userId: 'alice', name: 'Alice Liddell', userHash: userHash(secret, 'alice') });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ identified: true, userId: 'alice' });
    // A field not sent keeps its earlier value.
    expect(await stored(sessionId)).toMatchObject({ userId: 'alice', name: 'Alice Liddell', email: 'alice@example.com' });
    expect(await say(sessionId, 'Thanks!')).toBe(200);
  });

  it('answers 404 for an unknown session and 400 with readable messages for bad input', async () => {
    const secret = await secretOf();
    const unknown = await identify(newSessionId(), { userId: 'u1', userHash: userHash(secret, 'u1') });
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).message).toBe('Chat session not found');

    const sessionId = await openSession(bot.guid);
    const bad = async (body: unknown, field: string, message: string) => {
      const res = await request(`/api/chat/${sessionId}/identify`, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = await errorOf(res);
      expect(error.details).toMatchObject({ fieldErrors: { [field]: [message] } });
    };
    const hash = userHash(secret, 'u1');
    await bad({ userId: '   ', userHash: hash }, 'userId', 'userId is required');
    await bad({ userHash: hash }, 'userId', 'userId is required');
    await bad({ userId: 'x'.repeat(201), userHash: hash }, 'userId', 'userId must be at most 200 characters');
    await bad({ userId: 'u1', name: 'n'.repeat(201), userHash: hash }, 'name', 'name must be at most 200 characters');
    await bad({ userId: 'u1', email: 'not-an-email', userHash: hash }, 'email', 'email must be a valid email address');
    await bad({ userId: 'u1', email: `${'a'.repeat(250)}@x.io`, userHash: hash }, 'email', 'email must be a valid email address');
    await bad({ userId: 'u1', userHash: 'abc123' }, 'userHash', 'userHash must be the HMAC-SHA256 of userId as 64 hex digits');
    await bad({ userId: 'u1' }, 'userHash', 'userHash is required');
    expect((await stored(sessionId)).userId).toBeNull();
    // Blank optional fields count as not given.
    const blank = await request(`/api/chat/${sessionId}/identify`, { body: { userId: 'u1', name: '', email: null, userHash: hash } });
    expect(blank.status).toBe(200);
    expect(await stored(sessionId)).toMatchObject({ userId: 'u1', name: null, email: null });
  });
});

describe('the identity secret (owner routes)', () => {
  it('rotating gives a new secret, after which hashes made with the old one fail', async () => {
    const old = await secretOf();
    const res = await chatbots[':guid']['identity-secret'].rotate.$post({ param: { guid: bot.guid } }, withCookie(ada.cookie));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { secret } = await res.json();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(secret).not.toBe(old);
    expect(await secretOf()).toBe(secret);

    const sessionId = await openSession(bot.guid);
    const stale = await identify(sessionId, { userId: 'carol', userHash: userHash(old, 'carol') });
    expect(stale.status).toBe(401);
    expect((await identify(sessionId, { userId: 'carol', userHash: userHash(secret, 'carol') })).status).toBe(200);
  });

  it('gives every bot its own secret, and answers 404 to another owner and 401 signed out', async () => {
    const second = await newBot(ada.cookie, { name: 'Second', isActive: false });
    expect(await secretOf(second.guid)).not.toBe(await secretOf());

    const bob = await owner();
    const read = await chatbots[':guid']['identity-secret'].$get({ param: { guid: bot.guid } }, withCookie(bob.cookie));
    expect(read.status).toBe(404);
    expect(await errorOf(read)).toEqual({ message: 'Chatbot not found' });
    const before = await secretOf();
    const rotate = await chatbots[':guid']['identity-secret'].rotate.$post({ param: { guid: bot.guid } }, withCookie(bob.cookie));
    expect(rotate.status).toBe(404);
    expect(await secretOf()).toBe(before);
    expect((await chatbots[':guid']['identity-secret'].$get({ param: { guid: bot.guid } })).status).toBe(401);
    expect((await chatbots[':guid']['identity-secret'].rotate.$post({ param: { guid: bot.guid } })).status).toBe(401);
  });

  it('never appears in the public config, the session answer, the widget page or the owner’s bot JSON', async () => {
    const secret = await secretOf();
    const texts: string[] = [];
    const pub = await client.api.public.chatbots[':ref'].$get({ param: { ref: bot.guid } });
    expect(pub.status).toBe(200);
    texts.push(await pub.text());
    const session = await chat.session.$post({ json: { sessionId: newSessionId(), chatbotConfigId: bot.guid } });
    expect(session.status).toBe(201);
    texts.push(await session.text());
    const page = await client.widget[':userId'][':guid'].$get({ param: { userId: ada.user.id, guid: bot.guid } });
    expect(page.status).toBe(200);
    texts.push(await page.text());
    const one = await chatbots[':guid'].$get({ param: { guid: bot.guid } }, withCookie(ada.cookie));
    const list = await chatbots.$get(undefined, withCookie(ada.cookie));
    const updated = await chatbots[':guid'].$put(
      { param: { guid: bot.guid }, json: { name: 'Harbor Help', systemPrompt: 'You help sailors.', model: 'gpt-4.1' } },
      withCookie(ada.cookie),
    );
    expect([one.status, list.status, updated.status]).toEqual([200, 200, 200]);
    texts.push(await one.text(), await list.text(), await updated.text());
    for (const text of texts) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain('identitySecret');
    }
  });

  it('migration 0009 gives each older bot its own random secret', async () => {
    const third = await newBot(ada.cookie, { name: 'Third', isActive: false });
    const ids = [bot.id, third.id];
    // PostgreSQL's migrations begin after 0009: its bots all got their secret when created.
    if (dialect === 'sqlite') {
      await db.update(chatbotsTable).set({ identitySecret: null }).where(inArray(chatbotsTable.id, ids));
      const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations/0009_identity.sql');
      const backfill = readFileSync(file, 'utf8').split('--> statement-breakpoint').at(-1)!;
      expect(backfill).toMatch(/UPDATE `chatbots` SET `identity_secret`/);
      await execute(sql.raw(backfill));
    }
    const secrets = (await db.select({ s: chatbotsTable.identitySecret }).from(chatbotsTable).where(inArray(chatbotsTable.id, ids))).map((r) => r.s);
    expect(secrets).toHaveLength(2);
    for (const s of secrets) expect(s).toMatch(/^[0-9a-f]{64}$/);
    expect(secrets[0]).not.toBe(secrets[1]);
    expect(await db.select({ n: count() }).from(chatbotsTable).where(isNull(chatbotsTable.identitySecret))).toEqual([{ n: 0 }]);
  });
});
