import { beforeAll, describe, expect, it } from 'vitest';

process.env.RATE_LIMIT_SESSION_PER_MINUTE = '3';
process.env.RATE_LIMIT_CHAT_PER_MINUTE = '8';
process.env.RATE_LIMIT_NEW_SESSIONS_PER_HOUR = '4';
process.env.RATE_LIMIT_MESSAGES_PER_ADDRESS_PER_DAY = '5';
process.env.TRUST_PROXY = '1';
const kit = await import('./testing/chatKit');
const { client, errorOf, withCookie } = kit;
const chat = client.api.chat;

let guid: string;
let ownerId: string;
let ownerCookie: string;
beforeAll(async () => {
  const o = await kit.owner();
  ownerId = o.user.id;
  ownerCookie = o.cookie;
  guid = (await kit.newBot(o.cookie, { name: 'Limited' })).guid;
});

/** As one trusted proxy reports the client: the address it saw is appended on the right. */
const from = (ip: string, forgedLeft?: string) => ({ 'x-forwarded-for': forgedLeft ? `${forgedLeft}, ${ip}` : ip });
const open = (sessionId: string, headers: Record<string, string>, chatbotConfigId = guid) =>
  chat.session.$post({ json: { sessionId, chatbotConfigId } }, { headers });
const openFrom = (ip: string, forgedLeft?: string) => open(kit.newSessionId(), from(ip, forgedLeft));
const used = () => kit.usage(ownerId);

describe('chat rate limits', () => {
  it('answers 429 with Retry-After past the per-session limit', async () => {
    const sessionId = await kit.openSession(guid, kit.newSessionId(), from('10.0.0.1'));
    for (let i = 0; i < 3; i++) expect((await kit.streamMessage(sessionId, { content: `hello ${i}` }, from('10.0.0.1'))).status).toBe(200);
    const { status, res } = await kit.streamMessage(sessionId, { content: 'one more' }, from('10.0.0.1'));
    expect(status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await errorOf(res)).toMatchObject({ message: 'You are sending messages too quickly. Please wait a moment and try again.' });
    // The refused message was not stored; reading is not limited.
    expect(await kit.getMessages(sessionId)).toHaveLength(6);
  });

  it('limits each client address, counting only trusted forwarded addresses', async () => {
    // Re-opening one existing session does not count as a new session.
    const sessionId = kit.newSessionId();
    for (let i = 0; i < 8; i++) {
      const res = await open(sessionId, from('10.0.0.2'));
      expect(res.status).toBe(i === 0 ? 201 : 200);
    }
    const refused = await open(sessionId, from('10.0.0.2'));
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).message).toBe('Too many messages from your network. Please wait a moment and try again.');
    expect((await openFrom('10.0.0.3')).status).toBe(201);
  });

  it('reads the client from the right of X-Forwarded-For: a forged left part changes nothing', async () => {
    // TRUST_PROXY=1: only the entry our proxy appended counts; the rest is whatever the client sent.
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await openFrom('203.0.113.7', `198.51.100.${i}`)).status);
    expect(statuses.slice(0, 4)).toEqual([201, 201, 201, 201]);
    expect(statuses.slice(4)).toEqual([429, 429, 429, 429]);
  });

  it('limits new sessions per address, so a fresh session id per message gains nothing', async () => {
    for (let i = 0; i < 4; i++) expect((await openFrom('10.0.1.1')).status).toBe(201);
    const refused = await openFrom('10.0.1.1');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await errorOf(refused)).message).toBe('Too many new chats from your network. Please wait a while and try again.');
    // The stream call that opens a session on the fly is held to the same limit.
    const streamed = await kit.streamMessage(kit.newSessionId(), { content: 'hi', chatbotConfigId: guid }, from('10.0.1.1'));
    expect(streamed.status).toBe(429);
    expect((await openFrom('10.0.1.2')).status).toBe(201);
  });

  it('caps visitor messages per address per day, before the owner pays for them', async () => {
    const before = await used();
    const results: { status: number; res: Response }[] = [];
    for (let i = 0; i < 2; i++) {
      const sessionId = await kit.openSession(guid, kit.newSessionId(), from('10.0.2.1'));
      for (let j = 0; j < 3; j++) results.push(await kit.streamMessage(sessionId, { content: `question ${i}.${j}` }, from('10.0.2.1')));
    }
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await errorOf(results[5]!.res)).message).toBe('You have reached the number of messages you can send today. Please try again tomorrow.');
    expect(await used() - before).toBe(5);
  });

  it("stops at the owner's daily cap for the bot, whoever asks, and keeps the monthly quota", async () => {
    const second = await kit.owner();
    ownerId = second.user.id;
    ownerCookie = second.cookie;
    const capped = await kit.newBot(ownerCookie, { name: 'Capped', dailyMessageLimit: 2 });
    expect(capped.dailyMessageLimit).toBe(2);
    const before = await used();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const ip = `10.0.3.${i}`;
      const sessionId = await kit.openSession(capped.guid, kit.newSessionId(), from(ip));
      statuses.push((await kit.streamMessage(sessionId, { content: `question ${i}` }, from(ip))).status);
    }
    expect(statuses).toEqual([200, 200, 429, 429]);
    expect(await used() - before).toBe(2);
    const sessionId = await kit.openSession(capped.guid, kit.newSessionId(), from('10.0.3.9'));
    const refused = await chat[':sessionId'].messages.$post({ param: { sessionId }, json: { content: 'non-streamed' } }, { headers: from('10.0.3.9') });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await errorOf(refused)).message).toBe('This chatbot has answered all the messages it can today. Please try again tomorrow.');
    // The owner lifts the cap: visitors are answered again.
    const lifted = await client.api.chatbots[':guid'].$put({ param: { guid: capped.guid }, json: { dailyMessageLimit: null } }, withCookie(ownerCookie));
    expect((await lifted.json()).dailyMessageLimit).toBeNull();
    expect((await kit.streamMessage(sessionId, { content: 'now?' }, from('10.0.3.9'))).status).toBe(200);
  });
});
