import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';

// setupPostgres.ts has pointed DATABASE_URL at a fresh database: the whole app runs on PostgreSQL.
const { client, createUserAndCookie, errorOf, newBot, validationErrorOf, withCookie } = await import('../../../test/helpers');
const { db, dialect } = await import('../../db/client');
const { chatMessages, chatSessions, contentSources, subscriptions } = await import('../../db/schema');
const { questionKey } = await import('../chat/questionKey');
const { count, eq, inArray } = await import('drizzle-orm');

const { chatbots } = client.api;
const DAY = 24 * 60 * 60 * 1000;

type Reason = 'fallback' | 'thumbs_down' | 'handoff';
type Owner = Awaited<ReturnType<typeof createUserAndCookie>>;
type Bot = Awaited<ReturnType<typeof newBot>>;

let owner: Owner;
let stranger: Owner;

/** An owner on the unlimited plan: each test makes bots of its own. */
async function unlimitedOwner() {
  const o = await createUserAndCookie();
  await db.update(subscriptions).set({ planId: 'ultra' }).where(eq(subscriptions.userId, o.user.id));
  return o;
}

beforeAll(async () => {
  expect(dialect).toBe('postgres');
  owner = await unlimitedOwner();
  stranger = await unlimitedOwner();
});

/** A conversation stored directly, as the chat leaves one (the chat turn is ported apart). */
async function conversation(chatbotId: number, { isTest = false } = {}) {
  const sessionId = `session_${Date.now()}_${randomUUID().replaceAll('-', '')}`;
  await db.insert(chatSessions).values({ sessionId, chatbotId, isTest });
  return sessionId;
}

/** A visitor question with an unanswered reason (or none), keyed as the chat keys it. */
async function asked(
  chatbotId: number,
  sessionId: string,
  text: string,
  reason: Reason | null,
  { minutesAgo = 0, daysAgo = 0, triage = null as 'answered' | 'dismissed' | null, sender = 'user' as 'user' | 'bot', keyed = true } = {},
) {
  const [row] = await db
    .insert(chatMessages)
    .values({
      sessionId,
      chatbotId,
      sender,
      content: text,
      questionKey: sender === 'user' && keyed ? questionKey(text) : null,
      unansweredReason: reason,
      triage,
      createdAt: new Date(Date.now() - daysAgo * DAY - minutesAgo * 60_000),
    })
    .returning();
  return row!.id;
}

async function inbox(bot: Bot, cookie = owner.cookie) {
  const res = await chatbots[':guid'].unanswered.$get({ param: { guid: bot.guid } }, withCookie(cookie));
  expect(res.status).toBe(200);
  return res.json();
}

function dismiss(bot: Bot, messageIds: number[], cookie = owner.cookie) {
  return chatbots[':guid'].unanswered.dismiss.$post({ param: { guid: bot.guid }, json: { messageIds } }, withCookie(cookie));
}

function answer(bot: Bot, body: { messageIds: number[]; question: string; variants: string[]; answer: string }, cookie = owner.cookie) {
  return chatbots[':guid'].unanswered.answer.$post({ param: { guid: bot.guid }, json: body }, withCookie(cookie));
}

async function triageOf(ids: number[]) {
  const rows = await db.select({ id: chatMessages.id, triage: chatMessages.triage }).from(chatMessages).where(inArray(chatMessages.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)?.triage);
}

async function sourcesOf(chatbotId: number) {
  return (await db.select({ n: count() }).from(contentSources).where(eq(contentSources.chatbotId, chatbotId)))[0]!.n;
}

describe('the Unanswered inbox on PostgreSQL', () => {
  it('groups waiting questions by similar wording, largest first, with reasons, wordings, test asks and conversations', async () => {
    const bot = await newBot(owner.cookie, { name: 'Inbox Bot' });
    const other = await newBot(stranger.cookie, { name: 'Other Bot' });
    const a = await conversation(bot.id);
    const b = await conversation(bot.id);
    const test = await conversation(bot.id, { isTest: true });

    const reset1 = await asked(bot.id, a, 'How do I reset my password?', 'fallback', { minutesAgo: 50 });
    const reset2 = await asked(bot.id, b, 'How do I reset my password?', 'thumbs_down', { minutesAgo: 40 });
    const reset3 = await asked(bot.id, test, 'password reset', 'fallback', { minutesAgo: 30 });
    const reset4 = await asked(bot.id, b, 'how can I reset my password quickly', 'handoff', { minutesAgo: 20 });
    const ship = await asked(bot.id, a, 'Do you ship to Canada?', 'fallback', { minutesAgo: 10 });
    // Not in the inbox: answered fine, already handled, too old, the bot's own message, another bot's question.
    await asked(bot.id, a, 'What are your opening hours?', null);
    await asked(bot.id, a, 'Do you ship to Canada?', 'fallback', { triage: 'dismissed' });
    await asked(bot.id, a, 'Can I pay by cheque?', 'fallback', { triage: 'answered' });
    await asked(bot.id, a, 'Do you sell gift cards?', 'fallback', { daysAgo: 91 });
    await asked(bot.id, a, 'I do not know that yet.', 'fallback', { sender: 'bot' });
    await asked(other.id, await conversation(other.id), 'How do I reset my password?', 'fallback');

    const list = await inbox(bot);
    expect(list).toMatchObject({ total: 5, windowDays: 90, maxQuestions: 2000, truncated: false });
    const [reset, canada] = list.groups;
    expect(list.groups).toHaveLength(2);
    expect(reset).toEqual({
      id: questionKey('How do I reset my password?'),
      question: 'How do I reset my password?',
      count: 4,
      reasons: { fallback: 2, thumbsDown: 1, handoff: 1 },
      testCount: 1,
      lastAskedAt: expect.any(String),
      wordings: [
        { text: 'How do I reset my password?', count: 2 },
        { text: 'how can I reset my password quickly', count: 1 },
        { text: 'password reset', count: 1 },
      ],
      messageIds: [reset4, reset3, reset2, reset1],
      sessionIds: [b, test, a],
    });
    expect(Date.now() - Date.parse(reset.lastAskedAt)).toBeGreaterThanOrEqual(20 * 60_000);
    expect(Date.now() - Date.parse(reset.lastAskedAt)).toBeLessThan(21 * 60_000);
    expect(canada).toMatchObject({ count: 1, reasons: { fallback: 1, thumbsDown: 0, handoff: 0 }, testCount: 0, messageIds: [ship], sessionIds: [a] });
  });

  it('shows the 2,000 most recent questions of the last 90 days and says when it left older ones out', async () => {
    const bot = await newBot(owner.cookie, { name: 'Busy Bot' });
    const sessionId = await conversation(bot.id);
    const now = Date.now();
    await db.insert(chatMessages).values(
      Array.from({ length: 2003 }, (_, i) => ({
        sessionId,
        chatbotId: bot.id,
        sender: 'user' as const,
        content: `Question number ${i}`,
        questionKey: questionKey(`Question number ${i}`),
        unansweredReason: 'fallback' as const,
        createdAt: new Date(now - (2003 - i) * 1000),
      })),
    );
    const list = await inbox(bot);
    expect([list.total, list.truncated]).toEqual([2000, true]);
    const texts = list.groups.flatMap((g) => g.wordings.map((w) => w.text));
    expect(texts).not.toContain('Question number 2');
    expect(texts).toContain('Question number 3');
  });

  it('keys a question without a stored key on its lower-cased text', async () => {
    const bot = await newBot(owner.cookie, { name: 'Keyless Bot' });
    const sessionId = await conversation(bot.id);
    await asked(bot.id, sessionId, 'Where is the Harbour Office?', 'fallback', { keyed: false, minutesAgo: 1 });
    await asked(bot.id, sessionId, 'where is the harbour office?', 'fallback', { keyed: false });
    const list = await inbox(bot);
    expect(list.groups).toHaveLength(1);
    expect(list.groups[0]).toMatchObject({ id: 'where is the harbour office?', count: 2, wordings: [{ text: 'where is the harbour office?', count: 2 }] });
  });

  it('dismiss takes questions out and says how many; other bots’ questions and handled ones are left alone', async () => {
    const bot = await newBot(owner.cookie, { name: 'Dismiss Bot' });
    const other = await newBot(stranger.cookie, { name: 'Stranger Bot' });
    const sessionId = await conversation(bot.id);
    const mine = [await asked(bot.id, sessionId, 'Is there a sauna?', 'fallback'), await asked(bot.id, sessionId, 'sauna available?', 'thumbs_down')];
    const keep = await asked(bot.id, sessionId, 'Do you rent kayaks?', 'handoff');
    const theirs = await asked(other.id, await conversation(other.id), 'Is there a sauna?', 'fallback');

    const res = await dismiss(bot, [...mine, theirs]);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ dismissed: 2 });
    expect(await triageOf([...mine, theirs, keep])).toEqual(['dismissed', 'dismissed', null, null]);
    expect((await inbox(bot)).groups.map((g) => g.question)).toEqual(['Do you rent kayaks?']);
    expect(await (await dismiss(bot, mine)).json()).toEqual({ dismissed: 0 });
  });

  it('counts each question once when two dismissals of it race', async () => {
    const bot = await newBot(owner.cookie, { name: 'Race Bot' });
    const sessionId = await conversation(bot.id);
    const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => asked(bot.id, sessionId, `Question ${i} about moorings?`, 'fallback')));
    const answers = await Promise.all(Array.from({ length: 4 }, () => dismiss(bot, ids).then((r) => r.json())));
    expect(answers.reduce((n, a) => n + a.dismissed, 0)).toBe(20);
    expect((await inbox(bot)).total).toBe(0);
  });

  it('answers 404 to another owner and 400 to bad bodies, changing nothing', async () => {
    const bot = await newBot(owner.cookie, { name: 'Guarded Bot' });
    const id = await asked(bot.id, await conversation(bot.id), 'Can I moor overnight?', 'fallback');
    const foreignList = await chatbots[':guid'].unanswered.$get({ param: { guid: bot.guid } }, withCookie(stranger.cookie));
    expect([foreignList.status, (await errorOf(foreignList)).message]).toEqual([404, 'Chatbot not found']);
    expect((await dismiss(bot, [id], stranger.cookie)).status).toBe(404);
    expect((await answer(bot, { messageIds: [id], question: 'Can I moor overnight?', variants: [], answer: 'No.' }, stranger.cookie)).status).toBe(404);
    const empty = await dismiss(bot, []);
    expect(empty.status).toBe(400);
    expect((await validationErrorOf(empty)).details.fieldErrors).toEqual({ messageIds: ['Choose at least one question'] });
    expect(await triageOf([id])).toEqual([null]);
    expect(await sourcesOf(bot.id)).toBe(0);
  });

  it('refuses to answer with 409, saving no source, when none of the questions is still waiting', async () => {
    const bot = await newBot(owner.cookie, { name: 'Handled Bot' });
    const sessionId = await conversation(bot.id);
    const dismissed = await asked(bot.id, sessionId, 'Is there a fuel dock?', 'fallback', { triage: 'dismissed' });
    const foreign = await asked((await newBot(stranger.cookie, { name: 'Fuel Bot' })).id, sessionId, 'Is there a fuel dock?', 'fallback');
    for (const messageIds of [[dismissed], [foreign], [dismissed, foreign]]) {
      const res = await answer(bot, { messageIds, question: 'Is there a fuel dock?', variants: [], answer: 'Yes, at the east pier.' });
      expect([res.status, (await errorOf(res)).message]).toEqual([
        409,
        'These questions were already answered or dismissed. Reload the inbox to see the ones still waiting.',
      ]);
    }
    expect(await sourcesOf(bot.id)).toBe(0);
    expect(await triageOf([dismissed, foreign])).toEqual(['dismissed', null]);
  });

  it('saves one Q&A and marks the questions answered by it when the same answer is sent twice at once', async () => {
    const bot = await newBot(owner.cookie, { name: 'Twice Bot' });
    const sessionId = await conversation(bot.id);
    const ids = [await asked(bot.id, sessionId, 'Can I rent a canoe?', 'fallback'), await asked(bot.id, sessionId, 'canoe rental?', 'thumbs_down')];
    const body = { messageIds: ids, question: 'Can I rent a canoe?', variants: ['canoe rental?'], answer: 'Yes, 15 euros an hour.' };
    // A double click: both requests reach the server before either has finished. Whether the Q&A
    // is indexed at once is the knowledge port's (until it lands, the answer that wins is a 500
    // "saved but could not be indexed"); what is checked here is that only one wins.
    const statuses: number[] = (await Promise.all([answer(bot, body), answer(bot, body)])).map((r) => r.status);
    expect(statuses.filter((s) => s === 409)).toHaveLength(1);
    const sources = await db.select().from(contentSources).where(eq(contentSources.chatbotId, bot.id));
    expect(sources).toHaveLength(1);
    expect(sources[0]).toMatchObject({ sourceType: 'qa', title: 'Can I rent a canoe?', questionVariants: ['canoe rental?'], textContent: 'Yes, 15 euros an hour.' });
    const rows = await db.select({ triage: chatMessages.triage, sourceId: chatMessages.triageSourceId }).from(chatMessages).where(inArray(chatMessages.id, ids));
    expect(rows).toEqual([
      { triage: 'answered', sourceId: sources[0]!.id },
      { triage: 'answered', sourceId: sources[0]!.id },
    ]);
    expect((await inbox(bot)).total).toBe(0);
  });
});
