import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFakeOpenAI } from './testing/fakeOpenAI';

// setupPostgres.ts has pointed DATABASE_URL at a fresh database: the whole app runs on
// PostgreSQL. A local OpenAI-compatible model answers (the bot has no content to retrieve).
const fake = await serveFakeOpenAI();
process.env.PUBLIC_URL = 'https://parley.example.com';
const kit = await import('./testing/chatKit');
const { client, withCookie } = kit;
const chat = client.api.chat;

let owner: Awaited<ReturnType<typeof kit.owner>>;
let bot: Awaited<ReturnType<typeof kit.newBot>>;
beforeAll(async () => {
  owner = await kit.owner();
  bot = await kit.newBot(owner.cookie, { name: 'Kettle Helper', welcomeMessage: 'Hi there!' });
});
afterAll(() => fake.close());

const own = { origin: 'https://parley.example.com' };

/**
 * A session opened as the owner's test chat from the Test page. Until the monthly quota runs
 * on PostgreSQL (subscription/usage.service), only test chats, which it spares, get answers.
 */
async function openSession(guid = bot.guid, cookie = owner.cookie) {
  const token = (await (await client.api.chatbots[':guid']['test-token'].$post({ param: { guid } }, withCookie(cookie))).json()).token;
  const sessionId = kit.newSessionId();
  const res = await chat.session.$post({ json: { sessionId, chatbotConfigId: guid, testToken: token } }, { headers: own });
  expect(res.status).toBe(201);
  return sessionId;
}

async function history(query: Record<string, string> = {}) {
  const res = await client.api.chatbots[':guid'].sessions.$get({ param: { guid: bot.guid }, query }, withCookie(owner.cookie));
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

describe('the chat engine on PostgreSQL', () => {
  it('opens a session once: 201, then 200 for the same id, 409 for another bot', async () => {
    const sessionId = kit.newSessionId();
    const first = await chat.session.$post({ json: { sessionId, chatbotConfigId: bot.guid } });
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ sessionId, chatbotGuid: bot.guid, messageCount: 0 });
    const again = await chat.session.$post({ json: { sessionId, chatbotConfigId: bot.guid } });
    expect(again.status).toBe(200);
    const other = await kit.newBot(owner.cookie, { name: 'Other', isActive: false });
    expect((await chat.session.$post({ json: { sessionId, chatbotConfigId: other.guid } })).status).toBe(409);
  });

  it('streams a turn, stores both messages, reads them back in order, and gives the model the earlier turn', async () => {
    const sessionId = await openSession();
    const first = await kit.streamMessage(sessionId, { content: 'Which kettle boils fastest?' });
    expect(first.status).toBe(200);
    const types = first.events.map((e) => e.type);
    expect(types.filter((t) => t === 'delta').length).toBe(4);
    expect(types.slice(-3)).toEqual(['bubble', 'complete', 'end']);
    const stored = kit.completeMessages(first.events);
    expect(stored.map((m) => [m.sender, m.content])).toEqual([
      ['user', 'Which kettle boils fastest?'],
      ['bot', 'Hello from the model.'],
    ]);
    expect(stored[1].metadata).toMatchObject({ isStreaming: false, streamingComplete: true, answerStatus: 'answered', sources: [] });

    const second = await kit.streamMessage(sessionId, { content: 'And the biggest one?' });
    expect(kit.completeMessages(second.events).map((m) => m.content)).toEqual(['And the biggest one?', 'Hello from the model.']);
    const request = fake.requests.at(-1)!;
    expect(request.messages.slice(1).map((m) => [m.role, m.content])).toEqual([
      ['user', 'Which kettle boils fastest?'],
      ['assistant', 'Hello from the model.'],
      ['user', expect.stringContaining('And the biggest one?')],
    ]);

    const messages = await kit.getMessages(sessionId);
    expect(messages.map((m) => m.content)).toEqual(['Which kettle boils fastest?', 'Hello from the model.', 'And the biggest one?', 'Hello from the model.']);
    expect(messages.map((m) => m.id)).toEqual([...messages.map((m) => m.id)].sort((a, b) => Number(a) - Number(b)));
    const listed = (await history()).sessions.find((s) => s.sessionId === sessionId)!;
    expect(listed).toMatchObject({ messageCount: 4, firstQuestion: 'Which kettle boils fastest?', isTest: true });
  });

  it('answers a session’s parallel turns one at a time, never interleaved', async () => {
    const sessionId = await openSession();
    const sent = ['one', 'two', 'three', 'four', 'five', 'six'];
    const results = await Promise.all(sent.map((content) => kit.streamMessage(sessionId, { content })));
    const messages = await kit.getMessages(sessionId);
    expect(messages).toHaveLength(12);
    // Each visitor message is followed by its own answer before the next turn starts.
    expect(messages.map((m) => m.sender)).toEqual(sent.flatMap(() => ['user', 'bot']));
    expect(messages.filter((m) => m.sender === 'user').map((m) => m.content).sort()).toEqual([...sent].sort());
    for (const [i, r] of results.entries()) {
      const turn = kit.completeMessages(r.events);
      expect(turn.map((m) => m.content)).toEqual([sent[i], 'Hello from the model.']);
      const at = messages.findIndex((m) => m.id === turn[0].id);
      expect(messages[at + 1].id).toBe(turn[1].id);
    }
    // The model saw the turns answered before each one: the last saw five.
    expect(Math.max(...fake.requests.slice(-6).map((r) => r.messages.filter((m) => m.role === 'user').length))).toBe(6);
    expect((await history()).sessions.find((s) => s.sessionId === sessionId)).toMatchObject({ messageCount: 12 });
  });

  it('records a vote on an answer, changeable, and flags the conversation', async () => {
    const sessionId = await openSession();
    const answer = kit.completeMessages((await kit.streamMessage(sessionId, { content: 'Does the compact one whistle?' })).events)[1];
    const vote = (rating: 'up' | 'down') =>
      chat[':sessionId'].messages[':messageId'].feedback.$post({ param: { sessionId, messageId: String(answer.id) }, json: { rating } });
    expect(await (await vote('down')).json()).toEqual({ messageId: Number(answer.id), rating: 'down' });
    expect((await history({ flags: 'thumbs_down' })).sessions.map((s) => s.sessionId)).toContain(sessionId);
    expect((await vote('up')).status).toBe(200);
    expect((await kit.getMessages(sessionId)).find((m) => m.id === answer.id)).toMatchObject({ feedback: 'up' });
    expect((await history({ flags: 'thumbs_down' })).sessions.map((s) => s.sessionId)).not.toContain(sessionId);
    const question = (await kit.getMessages(sessionId))[0];
    const notRateable = await chat[':sessionId'].messages[':messageId'].feedback.$post({ param: { sessionId, messageId: String(question.id) }, json: { rating: 'up' } });
    expect(notRateable.status).toBe(400);
  });

  it('hands off to a person with a contact form, stores the lead it sends and lists it unread', async () => {
    const sessionId = await openSession();
    const asked = kit.completeMessages((await kit.streamMessage(sessionId, { content: 'My kettle leaks' })).events)[0];
    const turn = kit.completeMessages((await kit.streamMessage(sessionId, { content: 'I want to talk to a human' })).events);
    expect(turn[1]).toMatchObject({ sender: 'bot', messageType: 'form' });
    await kit.streamMessage(sessionId, { content: 'my kettle LEAKS' });
    // What the session keeps for the history list and analytics: the question the hand-off is
    // about filed as unanswered, the question asked again, the count of questions.
    const { db } = await import('../../db/client');
    const { chatMessages, chatSessions } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    const [row] = await db.select().from(chatSessions).where(eq(chatSessions.sessionId, sessionId));
    expect(row).toMatchObject({ questionCount: 3, hasRepeat: true, hasHandoff: true, firstQuestion: 'My kettle leaks', messageCount: 6 });
    const [question] = await db.select().from(chatMessages).where(eq(chatMessages.id, Number(asked.id)));
    expect(question.unansweredReason).toBe('handoff');
    const sent = await chat[':sessionId']['submit-form'].$post({
      param: { sessionId },
      json: { formTitle: 'Contact our team', formData: [{ id: 'name', label: 'Name', value: 'Vera' }, { id: 'email', label: 'Email', type: 'email', value: 'vera@example.com' }] },
    });
    expect(sent.status).toBe(200);
    const body = await sent.json();
    expect(body).toMatchObject({ success: true, emailSent: false });
    const messages = await kit.getMessages(sessionId);
    expect(messages).toHaveLength(7);
    expect(messages.at(-1)).toMatchObject({ id: body.messageId, sender: 'user', messageType: 'system', content: 'Contact our team\nName: Vera\nEmail: vera@example.com' });
    const listed = (await history({ flags: 'lead' })).sessions.find((s) => s.sessionId === sessionId)!;
    expect(listed.flags).toEqual({ unanswered: true, thumbsDown: false, lead: true, test: true });

    const leads = await (await client.api.leads.$get({ query: {} }, withCookie(owner.cookie))).json();
    // A test chat's lead is labelled and never waits for an answer.
    expect(leads.unreadCount).toBe(0);
    expect(leads.leads[0]).toMatchObject({ sessionId, name: 'Vera', email: 'vera@example.com', read: false, isTest: true });
    const read = await client.api.leads[':id'].$patch({ param: { id: String(leads.leads[0].id) }, json: { read: true } }, withCookie(owner.cookie));
    expect(await read.json()).toMatchObject({ id: leads.leads[0].id, read: true });
    expect(await (await client.api.leads['unread-count'].$get({}, withCookie(owner.cookie))).json()).toBe(0);
  });

  it('files the fallback answer as unanswered', async () => {
    const other = await kit.owner();
    const fallbackBot = await kit.newBot(other.cookie, { name: 'Strict', fallbackMessage: 'Hello from the model.' });
    const sessionId = await openSession(fallbackBot.guid, other.cookie);
    const answer = kit.completeMessages((await kit.streamMessage(sessionId, { content: 'What is the warranty?' })).events)[1];
    expect(answer.metadata).toMatchObject({ answerStatus: 'fallback' });
    const res = await client.api.chatbots[':guid'].sessions.$get({ param: { guid: fallbackBot.guid }, query: { flags: 'unanswered' } }, withCookie(other.cookie));
    expect((await res.json()).sessions.map((s) => s.sessionId)).toEqual([sessionId]);
  });

  it('opens test chats with the owner’s test token only from Parley’s own pages, labelled', async () => {
    const token = (await (await client.api.chatbots[':guid']['test-token'].$post({ param: { guid: bot.guid } }, withCookie(owner.cookie))).json()).token;
    const foreign = await chat.session.$post({ json: { sessionId: kit.newSessionId(), chatbotConfigId: bot.guid, testToken: token } }, { headers: { origin: 'https://elsewhere.example' } });
    expect(foreign.status).toBe(403);
    const wrong = await chat.session.$post({ json: { sessionId: kit.newSessionId(), chatbotConfigId: bot.guid, testToken: 'x'.repeat(43) } }, { headers: own });
    expect(wrong.status).toBe(403);
    const sessionId = kit.newSessionId();
    const streamed = await kit.streamMessage(sessionId, { content: 'Testing my bot', chatbotConfigId: bot.guid, testToken: token }, own);
    expect(kit.completeMessages(streamed.events)).toHaveLength(2);
    expect((await history({ flags: 'test' })).sessions.map((s) => s.sessionId)).toContain(sessionId);
    // A visitor's session opened without a token is no test chat (a form makes it a conversation).
    const visitor = await kit.openSession(bot.guid);
    const form = { formTitle: 'Call me', formData: [{ id: 'name', label: 'Name', value: 'Ada' }] };
    expect((await chat[':sessionId']['submit-form'].$post({ param: { sessionId: visitor }, json: form })).status).toBe(200);
    const listed = (await history()).sessions.find((s) => s.sessionId === visitor)!;
    expect(listed).toMatchObject({ isTest: false, messageCount: 1, flags: { test: false, lead: true } });
    expect((await history({ flags: 'test' })).sessions.map((s) => s.sessionId)).not.toContain(visitor);
  });

  it('searches the conversations with a marked snippet of the first hit', async () => {
    const sessionId = await openSession();
    await kit.streamMessage(sessionId, { content: 'Can I get refunds on a broken kettle lid?' });
    const found = await history({ q: 'refund' });
    expect(found.sessions.map((s) => s.sessionId)).toEqual([sessionId]);
    expect(found.sessions[0].match?.parts).toEqual([
      { text: 'Can I get ', hit: false },
      { text: 'refunds', hit: true },
      { text: ' on a broken kettle lid?', hit: false },
    ]);
    expect((await history({ q: 'kett' })).sessions.map((s) => s.sessionId)).toContain(sessionId);
    expect((await history({ q: '"broken kettle"' })).sessions.map((s) => s.sessionId)).toEqual([sessionId]);
    expect((await history({ q: '"kettle broken"' })).sessions).toEqual([]);
    expect((await history({ q: "refunds O'Brien & | !" })).sessions).toEqual([]);
  });

  it('exports conversations in batches and deletes them all, counting what went', async () => {
    const o = await kit.owner();
    const b = await kit.newBot(o.cookie, { name: 'Exported' });
    const sent: string[] = [];
    for (const content of ['first question', 'second question', 'third question']) {
      const sessionId = await openSession(b.guid, o.cookie);
      await kit.streamMessage(sessionId, { content });
      sent.push(sessionId);
    }
    const sessions = client.api.chatbots[':guid'].sessions;
    const json = await sessions.export.$get({ param: { guid: b.guid }, query: { format: 'json' } }, withCookie(o.cookie));
    expect(json.status).toBe(200);
    const body = JSON.parse(await json.text()) as { conversations: { sessionId: string; messages: { sender: string; content: string }[] }[] };
    expect(body.conversations.map((c) => c.sessionId)).toEqual(sent);
    expect(body.conversations[1].messages.map((m) => [m.sender, m.content])).toEqual([
      ['user', 'second question'],
      ['bot', 'Hello from the model.'],
    ]);
    const one = await chat[':sessionId'].export.$get({ param: { sessionId: sent[2] }, query: { format: 'csv' } }, withCookie(o.cookie));
    expect((await one.text()).split('\n').filter((line) => line.includes('third question'))).toHaveLength(1);
    const deleted = await sessions.$delete({ param: { guid: b.guid } }, withCookie(o.cookie));
    expect(await deleted.json()).toEqual({ success: true, deleted: 3 });
    expect((await (await sessions.$get({ param: { guid: b.guid }, query: {} }, withCookie(o.cookie))).json()).sessions).toEqual([]);
  });
});
