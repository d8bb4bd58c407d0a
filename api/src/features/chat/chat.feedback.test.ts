import { feedbackResponseSchema } from '@parley/contracts/schemas';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

// Offline model. The per-session limit is on (low enough for one test to reach it) to show
// that votes count like every other visitor write.
const SESSION_LIMIT = 12;
process.env.RATE_LIMIT_CHAT_PER_MINUTE = '0';
process.env.RATE_LIMIT_SESSION_PER_MINUTE = String(SESSION_LIMIT);
const kit = await import('./testing/chatKit');
const { db } = await import('../../db/client');
const { chatMessages, chatSessions } = await import('../../db/schema');
const { client, errorOf, newBot, newSessionId, openSession, streamMessage, getMessages, completeMessages, train, owner, withCookie, request, KNOWLEDGE } = kit;
const chat = client.api.chat;

const FALLBACK = 'Sorry, I can only help with Acme orders.';
let bot: Awaited<ReturnType<typeof newBot>>;
let cookie: string;

beforeAll(async () => {
  const o = await owner();
  cookie = o.cookie;
  bot = await newBot(cookie, { name: 'Feedback bot', welcomeMessage: 'Welcome to Acme!', fallbackMessage: FALLBACK });
  await train(bot.id, KNOWLEDGE);
});

const vote = (sessionId: string, messageId: number | string, rating: 'up' | 'down', headers: Record<string, string> = {}) =>
  chat[':sessionId'].messages[':messageId'].feedback.$post({ param: { sessionId, messageId: String(messageId) }, json: { rating } }, { headers });

async function ask(sessionId: string, content: string) {
  const { status, events } = await streamMessage(sessionId, { content });
  expect(status, content).toBe(200);
  return completeMessages(events);
}

const flagsOf = async (sessionId: string) =>
  (await db.select({ down: chatSessions.hasThumbsDown, up: chatSessions.hasThumbsUp }).from(chatSessions).where(eq(chatSessions.sessionId, sessionId)))[0];
const messageRow = async (id: number | string) =>
  (
    await db
      .select({ feedback: chatMessages.feedback, feedbackAt: chatMessages.feedbackAt, reason: chatMessages.unansweredReason })
      .from(chatMessages)
      .where(eq(chatMessages.id, Number(id)))
  )[0]!;
const isTestSession = async (sessionId: string) =>
  (await db.select({ t: chatSessions.isTest }).from(chatSessions).where(eq(chatSessions.sessionId, sessionId)))[0]?.t;

describe('voting on an answer', () => {
  it('stores a vote, lets the visitor change it, and keeps flags and the unanswered question in step', async () => {
    const sessionId = await openSession(bot.guid);
    const [question, answer] = await ask(sessionId, 'How do I get a refund?');
    expect(await messageRow(answer.id)).toEqual({ feedback: null, feedbackAt: null, reason: null });

    const before = Date.now();
    const down = await vote(sessionId, answer.id, 'down');
    expect(down.status).toBe(200);
    expect(feedbackResponseSchema.parse(await down.json())).toEqual({ messageId: answer.id, rating: 'down' });
    const afterDown = await messageRow(answer.id);
    expect(afterDown.feedback).toBe('down');
    expect(afterDown.feedbackAt?.getTime()).toBeGreaterThanOrEqual(before);
    expect(await flagsOf(sessionId)).toEqual({ down: true, up: false });
    expect((await messageRow(question.id)).reason).toBe('thumbs_down');
    expect((await getMessages(sessionId)).map((m) => m.feedback)).toEqual([undefined, 'down']);

    // The same vote again changes nothing, not even its time.
    const same = await vote(sessionId, answer.id, 'down');
    expect(same.status).toBe(200);
    expect(await same.json()).toEqual({ messageId: answer.id, rating: 'down' });
    expect(await messageRow(answer.id)).toEqual(afterDown);

    // Changed to up: the question leaves the inbox again.
    const up = await vote(sessionId, answer.id, 'up');
    expect(up.status).toBe(200);
    expect(await up.json()).toEqual({ messageId: answer.id, rating: 'up' });
    expect((await messageRow(answer.id)).feedback).toBe('up');
    expect(await flagsOf(sessionId)).toEqual({ down: false, up: true });
    expect((await messageRow(question.id)).reason).toBeNull();
    expect((await getMessages(sessionId)).map((m) => m.feedback)).toEqual([undefined, 'up']);

    // A thumbs-up first files nothing; down again files the question again.
    await vote(sessionId, answer.id, 'down');
    expect((await messageRow(question.id)).reason).toBe('thumbs_down');
    expect(await flagsOf(sessionId)).toEqual({ down: true, up: false });
  });

  it('keeps both flags when one answer is liked and another disliked, and recomputes them on a change', async () => {
    const sessionId = await openSession(bot.guid);
    const [firstQuestion, first] = await ask(sessionId, 'How long does shipping take?');
    const [secondQuestion, second] = await ask(sessionId, 'When is your support team available?');
    await vote(sessionId, first.id, 'down');
    await vote(sessionId, second.id, 'up');
    expect(await flagsOf(sessionId)).toEqual({ down: true, up: true });
    expect([(await messageRow(firstQuestion.id)).reason, (await messageRow(secondQuestion.id)).reason]).toEqual(['thumbs_down', null]);

    await vote(sessionId, first.id, 'up');
    expect(await flagsOf(sessionId)).toEqual({ down: false, up: true });
    await vote(sessionId, first.id, 'down');
    await vote(sessionId, second.id, 'down');
    expect(await flagsOf(sessionId)).toEqual({ down: true, up: false });
    expect([(await messageRow(firstQuestion.id)).reason, (await messageRow(secondQuestion.id)).reason]).toEqual(['thumbs_down', 'thumbs_down']);
  });

  it('takes votes on the fallback without replacing why its question is unanswered', async () => {
    const sessionId = await openSession(bot.guid);
    const [question, answer] = await ask(sessionId, 'What is the capital of Peru?');
    expect(answer.content).toBe(FALLBACK);
    expect((await vote(sessionId, answer.id, 'down')).status).toBe(200);
    expect((await messageRow(question.id)).reason).toBe('fallback');
    expect((await vote(sessionId, answer.id, 'up')).status).toBe(200);
    expect((await messageRow(question.id)).reason).toBe('fallback');
    expect(await flagsOf(sessionId)).toEqual({ down: false, up: true });
  });

  it('leaves a question the owner has already dealt with alone when the vote turns to up', async () => {
    const sessionId = await openSession(bot.guid);
    const [question, answer] = await ask(sessionId, 'Do you offer express delivery?');
    await vote(sessionId, answer.id, 'down');
    await db.update(chatMessages).set({ triage: 'dismissed', triagedAt: new Date() }).where(eq(chatMessages.id, Number(question.id)));
    await vote(sessionId, answer.id, 'up');
    expect((await messageRow(question.id)).reason).toBe('thumbs_down');
    expect(await flagsOf(sessionId)).toEqual({ down: false, up: true });
  });

  it('works in the owner’s test chats too', async () => {
    const token = await client.api.chatbots[':guid']['test-token'].$post({ param: { guid: bot.guid } }, withCookie(cookie));
    expect(token.status).toBe(201);
    const ownPage = { origin: 'http://localhost', host: 'localhost' };
    const sessionId = newSessionId();
    const opened = await chat.session.$post({ json: { sessionId, chatbotConfigId: bot.guid, testToken: (await token.json()).token } }, { headers: ownPage });
    expect(opened.status).toBe(201);
    expect(await isTestSession(sessionId)).toBe(true);
    const [, answer] = completeMessages((await streamMessage(sessionId, { content: 'How do I get a refund?' }, ownPage)).events);
    const res = await vote(sessionId, answer.id, 'up', ownPage);
    expect(res.status).toBe(200);
    expect((await messageRow(answer.id)).feedback).toBe('up');
    expect(await flagsOf(sessionId)).toEqual({ down: false, up: true });
  });
});

describe('what cannot be voted on', () => {
  it('refuses the visitor’s own words, greetings and forms with a 400 that says why', async () => {
    const sessionId = await openSession(bot.guid);
    const [hello, greeting] = await ask(sessionId, 'Hello!');
    expect(greeting.content).toBe('Welcome to Acme!');
    const [, form] = await ask(sessionId, 'Request Live Agent');
    expect(form.messageType).toBe('form');
    for (const message of [hello, greeting, form]) {
      const res = await vote(sessionId, message.id, 'down');
      expect(res.status, message.content).toBe(400);
      expect(await errorOf(res)).toEqual({
        message: 'Only answers the bot wrote to a question can be rated',
        details: { messageId: message.id, reason: 'not_rateable' },
      });
      expect((await messageRow(message.id)).feedback).toBeNull();
    }
    expect(await flagsOf(sessionId)).toEqual({ down: false, up: false });
  });

  it("does not let another visitor's session vote on an answer: 404 like a message that does not exist", async () => {
    const mine = await openSession(bot.guid);
    const theirs = await openSession(bot.guid);
    const [question, answer] = await ask(mine, 'How do I get a refund?');
    await ask(theirs, 'How long does shipping take?');

    const foreign = await vote(theirs, answer.id, 'down');
    expect(foreign.status).toBe(404);
    expect(await errorOf(foreign)).toEqual({ message: 'Message not found' });
    expect(await messageRow(answer.id)).toEqual({ feedback: null, feedbackAt: null, reason: null });
    expect((await messageRow(question.id)).reason).toBeNull();
    expect(await flagsOf(mine)).toEqual({ down: false, up: false });
    expect(await flagsOf(theirs)).toEqual({ down: false, up: false });

    const missing = await vote(mine, 987_654_321, 'up');
    expect(missing.status).toBe(404);
    expect(await errorOf(missing)).toEqual({ message: 'Message not found' });

    const unknownSession = await vote(newSessionId(), answer.id, 'up');
    expect(unknownSession.status).toBe(404);
    expect(await errorOf(unknownSession)).toEqual({ message: 'Chat session not found' });
  });

  it('validates the body and the message id', async () => {
    const sessionId = await openSession(bot.guid);
    const [, answer] = await ask(sessionId, 'How do I get a refund?');
    const path = `/api/chat/${sessionId}/messages/${answer.id}/feedback`;
    // Raw: bodies the typed client refuses to build.
    for (const body of [{ rating: 'meh' }, {}, { rating: 1 }]) {
      const res = await request(path, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await errorOf(res), JSON.stringify(body)).toMatchObject({
        message: 'rating must be "up" or "down"',
        details: { fieldErrors: { rating: ['rating must be "up" or "down"'] } },
      });
    }
    // Only plain digits: hex, exponents, signs and decimals that a number parser would take are refused.
    for (const id of ['abc', '1.5', '0', '-1', `0x${answer.id.toString(16)}`, '1e1', '+1', '1234567890123456']) {
      const res = await request(`/api/chat/${sessionId}/messages/${id}/feedback`, { body: { rating: 'up' } });
      expect(res.status, id).toBe(400);
      expect((await errorOf(res)).message, id).toBe('Message id must be a positive whole number');
    }
    const badSession = await request(`/api/chat/session_123/messages/${answer.id}/feedback`, { body: { rating: 'up' } });
    expect(badSession.status).toBe(400);
    expect((await messageRow(answer.id)).feedback).toBeNull();
  });
});

describe('limits and allowed domains', () => {
  it("refuses votes from sites outside the bot's allowed domains", async () => {
    const locked = await newBot((await owner()).cookie, { name: 'Locked feedback', allowedDomains: ['shop.example'] });
    const shop = { origin: 'https://shop.example' };
    const sessionId = await openSession(locked.guid, newSessionId(), shop);
    const [, answer] = completeMessages((await streamMessage(sessionId, { content: 'How do I get a refund?' }, shop)).events);
    const evil = await vote(sessionId, answer.id, 'down', { origin: 'https://evil.example' });
    expect(evil.status).toBe(403);
    expect(await errorOf(evil)).toMatchObject({ message: 'This chatbot is not available on this website' });
    expect((await messageRow(answer.id)).feedback).toBeNull();
    expect((await vote(sessionId, answer.id, 'down', shop)).status).toBe(200);
  });

  it('counts votes against the per-session limit like every visitor write', async () => {
    const sessionId = await openSession(bot.guid);
    const [, answer] = await ask(sessionId, 'How do I get a refund?');
    // The send above was one call of the session's budget.
    for (let i = 1; i < SESSION_LIMIT; i++) expect((await vote(sessionId, answer.id, i % 2 ? 'down' : 'up')).status, `vote ${i}`).toBe(200);
    const limited = await vote(sessionId, answer.id, 'up');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await errorOf(limited)).message).toBe('You are sending messages too quickly. Please wait a moment and try again.');
  });
});
