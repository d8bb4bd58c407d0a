/*
 * Bad input on purpose: bodies as JSON text (nested thousands of levels, cut off, malformed)
 * go out as raw requests, because the typed client only sends values it can serialize and
 * type. Well-formed calls, and values merely too big or too deep for a field, use the client.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';

// Offline model; no rate limits get in the way of these requests.
process.env.RATE_LIMIT_CHAT_PER_MINUTE = '0';
process.env.RATE_LIMIT_SESSION_PER_MINUTE = '0';
const kit = await import('../src/features/chat/testing/chatKit');
const { untyped } = await import('./helpers');
const { app, client, errorOf, newBot, withCookie, openSession, streamMessage, getMessages, owner } = kit;
const { chatbots } = client.api;
const selectOption = (sessionId: string, json: { optionId: string; payload?: unknown }) =>
  client.api.chat[':sessionId']['select-option'].$post({ param: { sessionId }, json });

const TOO_DEEP = 'JSON is nested too deeply (at most 32 levels)';

/** `levels` nested objects around a number, as JSON text (built without recursion). */
const nestedJson = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
/** The same nesting as a value. */
const nestedValue = (levels: number) => JSON.parse(nestedJson(levels)) as unknown;

/** Sends `body` as is (raw JSON text) with the owner's cookie. */
function raw(path: string, method: string, body: string, cookie?: string) {
  return app.request(path, {
    method,
    headers: { 'content-type': 'application/json', ...(cookie && { cookie }) },
    body,
  });
}

let cookie: string;
let bot: Awaited<ReturnType<typeof newBot>>;

beforeAll(async () => {
  cookie = (await owner()).cookie;
  bot = await newBot(cookie, { name: 'Guarded', homeScreenConfig: { components: [{ id: 'c1', type: 'header', props: { title: 'Hi' } }] } });
});

async function storedBot() {
  const res = await chatbots[':guid'].$get({ param: { guid: bot.guid } }, withCookie(cookie));
  expect(res.status).toBe(200);
  return res.json();
}

async function botCount(owner: string) {
  return (await (await chatbots.$get(undefined, withCookie(owner))).json()).length;
}

/** Updates the test bot as its owner. */
const updateBot = (json: Parameters<(typeof chatbots)[':guid']['$put']>[0]['json'], as = cookie, guid = bot.guid) =>
  chatbots[':guid'].$put({ param: { guid }, json }, withCookie(as));

/** A new account, so the plan's active-bot cap never decides a create. */
const freshCookie = async () => (await owner()).cookie;

describe('deeply nested JSON', () => {
  it('refuses a 5,000-level homeScreenConfig on create with 400, creating nothing', async () => {
    const someone = await freshCookie();
    const body = `{"guid":"${randomUUID()}","name":"Deep","homeScreenConfig":{"components":[],"x":${nestedJson(5000)}}}`;
    const res = await raw('/api/chatbots', 'POST', body, someone);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({ message: TOO_DEEP });
    expect(await botCount(someone)).toBe(0);
  });

  it('refuses a 5,000-level homeScreenConfig on update with 400, leaving the bot unchanged', async () => {
    const before = await storedBot();
    const res = await raw(`/api/chatbots/${bot.guid}`, 'PUT', `{"name":"Changed","homeScreenConfig":{"components":[],"x":${nestedJson(5000)}}}`, cookie);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(TOO_DEEP);
    expect(await storedBot()).toEqual(before);
  });

  it('refuses deep arrays too, and counts only brackets outside strings', async () => {
    const deepArray = `{"name":"Arrays","homeScreenConfig":{"components":${'['.repeat(40)}${']'.repeat(40)}}}`;
    const res = await raw(`/api/chatbots/${bot.guid}`, 'PUT', deepArray, cookie);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(TOO_DEEP);
    // Brackets inside a string are text, not nesting.
    const ok = await updateBot({ description: `${'{'.repeat(500)}"[` });
    expect(ok.status).toBe(200);
    expect((await ok.json()).description).toBe(`${'{'.repeat(500)}"[`);
  });

  it('refuses a 5,000-level select-option payload with 400', async () => {
    const sessionId = await openSession(bot.guid);
    const res = await raw(`/api/chat/${sessionId}/select-option`, 'POST', `{"optionId":"x","payload":${nestedJson(5000)}}`);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(TOO_DEEP);
  });

  it('still answers malformed JSON with 400 "Malformed JSON in request body"', async () => {
    for (const body of ['{"name": ', '{"name": "x"}}', '{"a": "unterminated']) {
      const res = await raw(`/api/chatbots/${bot.guid}`, 'PUT', body, cookie);
      expect(res.status, body).toBe(400);
      expect(await errorOf(res), body).toEqual({ message: 'Malformed JSON in request body' });
    }
    const chat = await raw('/api/chat/session', 'POST', '{"sessionId": ');
    expect(chat.status).toBe(400);
    expect((await errorOf(chat)).message).toBe('Malformed JSON in request body');
  });
});

describe('stored JSON fields are bounded', () => {
  it('refuses a 100 KB homeScreenConfig', async () => {
    // Only valid fields: unknown ones are dropped before the size is judged.
    const grid = (id: string) => ({
      id,
      type: 'topic_grid' as const,
      props: { topics: Array.from({ length: 50 }, (_, i) => ({ id: `t${i}`, title: `Topic ${i}`, message: 'x'.repeat(1000) })) },
    });
    const big = { components: [grid('a'), grid('b')] };
    const before = await storedBot();
    const res = await updateBot({ homeScreenConfig: big });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe('homeScreenConfig is too large (at most 64 KB)');
    expect(await storedBot()).toEqual(before);
    const someone = await freshCookie();
    const create = await chatbots.$post({ json: { guid: randomUUID(), name: 'Big', homeScreenConfig: big } }, withCookie(someone));
    expect(create.status).toBe(400);
    expect((await errorOf(create)).message).toBe('homeScreenConfig is too large (at most 64 KB)');
    expect(await botCount(someone)).toBe(0);
    // The home-screen patch route shares the bound.
    const patch = await chatbots.guid[':guid'].$patch({ param: { guid: bot.guid }, json: { homeScreenConfig: big } }, withCookie(cookie));
    expect(patch.status).toBe(400);
    expect((await errorOf(patch)).message).toBe('homeScreenConfig is too large (at most 64 KB)');
    expect(await storedBot()).toEqual(before);
  });

  it('never stores a deep unknown field of a homeScreenConfig (the schema keeps only its own, shallow, fields)', async () => {
    const deep = { components: [{ id: 'c1', type: 'header' }], extra: nestedValue(20) };
    const res = await updateBot({ homeScreenConfig: untyped(deep) });
    expect(res.status).toBe(200);
    expect((await storedBot()).homeScreenConfig).toEqual({ components: [{ id: 'c1', type: 'header', props: {} }] });
    const patch = await chatbots.guid[':guid'].$patch({ param: { guid: bot.guid }, json: untyped({ homeScreenConfig: deep }) }, withCookie(cookie));
    expect(patch.status).toBe(200);
    expect((await storedBot()).homeScreenConfig).toEqual({ components: [{ id: 'c1', type: 'header', props: {} }] });
    const ok = await updateBot({
      homeScreenConfig: untyped({ components: [{ id: 'c1', type: 'topic_grid', props: { topics: [{ id: 't1', title: 'Orders', meta: { a: { b: 1 } } }] } }] }),
    });
    expect(ok.status).toBe(200);
    expect((await storedBot()).homeScreenConfig).toEqual({ components: [{ id: 'c1', type: 'topic_grid', props: { topics: [{ id: 't1', title: 'Orders' }] } }] });
  });

  it('bounds the select-option payload', async () => {
    const sessionId = await openSession(bot.guid);
    const deep = await selectOption(sessionId, { optionId: 'x', payload: nestedValue(10) });
    expect(deep.status).toBe(400);
    expect((await errorOf(deep)).message).toBe('payload is nested too deeply (at most 8 levels)');
    const big = await selectOption(sessionId, { optionId: 'x', payload: 'x'.repeat(9000) });
    expect(big.status).toBe(400);
    expect((await errorOf(big)).message).toBe('payload is too large (at most 8 KB)');
    const ok = await selectOption(sessionId, { optionId: 'x', payload: ['a', 'b'] });
    expect(ok.status).toBe(200);
  });
});

describe('NUL and bidi controls in text', () => {
  it('strips them from chatbot names and messages, keeping LRM/RLM marks', async () => {
    const someone = await freshCookie();
    const created = await newBot(someone, {
      name: 'Evil\u0000 Bot\u202E',
      description: '\u2066desc\u2069',
      welcomeMessage: 'Hello\u202A!',
      initialMessages: ['Hi\u0000', '\u200Fmark\u200E'],
    });
    expect(created.name).toBe('Evil Bot');
    const stored = await (await chatbots[':guid'].$get({ param: { guid: created.guid } }, withCookie(someone))).json();
    expect(stored).toMatchObject({ name: 'Evil Bot', description: 'desc', welcomeMessage: 'Hello!', initialMessages: ['Hi', '\u200Fmark\u200E'] });
    const updated = await updateBot({ name: '\u202Dnew\u0000name' }, someone, created.guid);
    expect(updated.status).toBe(200);
    expect((await updated.json()).name).toBe('newname');
    const onlyControls = await updateBot({ name: '\u0000\u202E' }, someone, created.guid);
    expect(onlyControls.status).toBe(400);
    expect((await errorOf(onlyControls)).message).toBe('Name is required');
  });

  it('stores a visitor message without them', async () => {
    const sessionId = await openSession(bot.guid);
    const { status } = await streamMessage(sessionId, { content: 'hi\u202Eevil\u0000' });
    expect(status).toBe(200);
    const [first] = await getMessages(sessionId);
    expect(first).toMatchObject({ sender: 'user', content: 'hievil' });
  });

  it('refuses a visitor message made only of control characters as empty', async () => {
    const sessionId = await openSession(bot.guid);
    const streamed = await streamMessage(sessionId, { content: '\u0000\u202E' });
    expect(streamed.status).toBe(400);
    expect((await errorOf(streamed.res)).message).toBe('Message is required');
    const plain = await client.api.chat[':sessionId'].messages.$post({ param: { sessionId }, json: { content: ' \u0000\u2066 ' } });
    expect(plain.status).toBe(400);
    expect((await errorOf(plain)).message).toBe('Message is required');
    expect(await getMessages(sessionId)).toEqual([]);
  });
});
