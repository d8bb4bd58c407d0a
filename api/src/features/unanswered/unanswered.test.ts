import { and, count, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

// The offline model answers; no chat throttling, this file is about the inbox.
process.env.RATE_LIMIT_CHAT_PER_MINUTE = '0';
process.env.RATE_LIMIT_SESSION_PER_MINUTE = '0';
const kit = await import('../chat/testing/chatKit');
const { client, errorOf, untyped, validationErrorOf, withCookie } = await import('../../../test/helpers');
const { db } = await import('../../db/client');
const { chatMessages, chatSessions, chunks, contentSources, subscriptions } = await import('../../db/schema');
const { questionKey } = await import('../chat/questionKey');
const { retrieve } = await import('../knowledge/retrieve');
const { waitForIdle } = await import('../sources/sources.service');

const { chatbots } = client.api;
const DAY = 24 * 60 * 60 * 1000;

type Reason = 'fallback' | 'thumbs_down' | 'handoff';
type Owner = Awaited<ReturnType<typeof kit.owner>>;
type Bot = Awaited<ReturnType<typeof kit.newBot>>;

let owner: Owner;
let stranger: Owner;

/** An owner on the unlimited plan: each test makes bots of its own. */
async function unlimitedOwner() {
  const o = await kit.owner();
  await db.update(subscriptions).set({ planId: 'ultra' }).where(eq(subscriptions.userId, o.user.id));
  return o;
}

beforeAll(async () => {
  owner = await unlimitedOwner();
  stranger = await unlimitedOwner();
});

/** A conversation stored directly, so the inbox is tested apart from how chats fill it. */
async function conversation(chatbotId: number, { isTest = false } = {}) {
  const sessionId = kit.newSessionId();
  await db.insert(chatSessions).values({ sessionId, chatbotId, isTest });
  return sessionId;
}

/** A visitor question with an unanswered reason (or none), `daysAgo` days old. */
async function asked(
  chatbotId: number,
  sessionId: string,
  text: string,
  reason: Reason | null,
  { minutesAgo = 0, daysAgo = 0, triage = null as 'answered' | 'dismissed' | null, sender = 'user' as 'user' | 'bot' } = {},
) {
  const [row] = await db
    .insert(chatMessages)
    .values({
      sessionId,
      chatbotId,
      sender,
      content: text,
      questionKey: sender === 'user' ? questionKey(text) : null,
      unansweredReason: reason,
      triage,
      createdAt: new Date(Date.now() - daysAgo * DAY - minutesAgo * 60_000),
    })
    .returning();
  return row.id;
}

async function inbox(bot: Bot, cookie = owner.cookie) {
  const res = await chatbots[':guid'].unanswered.$get({ param: { guid: bot.guid } }, withCookie(cookie));
  expect(res.status).toBe(200);
  return res.json();
}

function dismiss(bot: Bot, messageIds: number[], cookie = owner.cookie) {
  return chatbots[':guid'].unanswered.dismiss.$post({ param: { guid: bot.guid }, json: { messageIds } }, withCookie(cookie));
}

type AnswerBody = { messageIds: number[]; question: string; variants: string[]; answer: string };
function answer(bot: Bot, body: AnswerBody, cookie = owner.cookie) {
  return chatbots[':guid'].unanswered.answer.$post({ param: { guid: bot.guid }, json: body }, withCookie(cookie));
}

/** What a brand-new visitor is answered. */
async function visitorAsks(bot: Bot, question: string) {
  const sessionId = await kit.openSession(bot.guid);
  const { events } = await kit.streamMessage(sessionId, { content: question });
  const reply = kit.completeMessages(events)[1];
  expect(reply.sender).toBe('bot');
  return reply;
}

async function triageOf(ids: number[]) {
  const rows = await db.select({ id: chatMessages.id, triage: chatMessages.triage }).from(chatMessages).where(inArray(chatMessages.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)?.triage);
}

async function sourcesOf(chatbotId: number) {
  return (await db.select({ n: count() }).from(contentSources).where(eq(contentSources.chatbotId, chatbotId)))[0].n;
}

describe('the Unanswered inbox', () => {
  it('groups waiting questions by similar wording, largest first, with reasons, wordings, test asks and conversations', async () => {
    const bot = await kit.newBot(owner.cookie, { name: 'Inbox Bot' });
    const other = await kit.newBot(stranger.cookie, { name: 'Other Bot' });
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
    expect(list.groups.map((g) => [g.question, g.count])).toEqual([
      ['How do I reset my password?', 4],
      ['Do you ship to Canada?', 1],
    ]);
    const [reset, canada] = list.groups;
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
    const bot = await kit.newBot(owner.cookie, { name: 'Busy Bot' });
    const sessionId = await conversation(bot.id);
    const questions = Array.from({ length: 2003 }, (_, i) => ({
      sessionId,
      chatbotId: bot.id,
      sender: 'user' as const,
      content: `Question number ${i}`,
      questionKey: questionKey(`Question number ${i}`),
      unansweredReason: 'fallback' as const,
      createdAt: new Date(Date.now() - (2003 - i) * 1000),
    }));
    await db.insert(chatMessages).values(questions);
    const list = await inbox(bot);
    expect(list.total).toBe(2000);
    expect(list.truncated).toBe(true);
    // the oldest three were left out
    expect(list.groups.flatMap((g) => g.wordings.map((w) => w.text))).not.toContain('Question number 2');
    expect(list.groups.flatMap((g) => g.wordings.map((w) => w.text))).toContain('Question number 3');
  });

  it('keys a question without a stored key on its lower-cased text', async () => {
    const bot = await kit.newBot(owner.cookie, { name: 'Keyless Bot' });
    const sessionId = await conversation(bot.id);
    await db.insert(chatMessages).values(
      ['Where is the Harbour Office?', 'where is the harbour office?'].map((content) => ({
        sessionId,
        chatbotId: bot.id,
        sender: 'user' as const,
        content,
        unansweredReason: 'fallback' as const,
      })),
    );
    const list = await inbox(bot);
    expect(list.groups).toHaveLength(1);
    expect(list.groups[0]).toMatchObject({ id: 'where is the harbour office?', count: 2, wordings: [{ text: 'where is the harbour office?', count: 2 }] });
  });

  it('dismiss takes questions out of the inbox; other bots’ questions and handled ones are left alone', async () => {
    const bot = await kit.newBot(owner.cookie, { name: 'Dismiss Bot' });
    const other = await kit.newBot(stranger.cookie, { name: 'Stranger Bot' });
    const sessionId = await conversation(bot.id);
    const mine = [await asked(bot.id, sessionId, 'Is there a sauna?', 'fallback'), await asked(bot.id, sessionId, 'sauna available?', 'thumbs_down')];
    const keep = await asked(bot.id, sessionId, 'Do you rent kayaks?', 'handoff');
    const theirs = await asked(other.id, await conversation(other.id), 'Is there a sauna?', 'fallback');

    const res = await dismiss(bot, [...mine, theirs]);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ dismissed: 2 });
    expect(await triageOf([...mine, theirs, keep])).toEqual(['dismissed', 'dismissed', null, null]);
    expect((await inbox(bot)).groups.map((g) => g.question)).toEqual(['Do you rent kayaks?']);
    // Again: nothing left to dismiss.
    expect(await (await dismiss(bot, mine)).json()).toEqual({ dismissed: 0 });
  });

  it('answers 404 to another owner and 400 to bad bodies, with clear messages', async () => {
    const bot = await kit.newBot(owner.cookie, { name: 'Guarded Bot' });
    const id = await asked(bot.id, await conversation(bot.id), 'Can I moor overnight?', 'fallback');

    const foreignList = await chatbots[':guid'].unanswered.$get({ param: { guid: bot.guid } }, withCookie(stranger.cookie));
    expect([foreignList.status, (await errorOf(foreignList)).message]).toEqual([404, 'Chatbot not found']);
    expect((await dismiss(bot, [id], stranger.cookie)).status).toBe(404);
    const foreignAnswer = await answer(bot, { messageIds: [id], question: 'Can I moor overnight?', variants: [], answer: 'No.' }, stranger.cookie);
    expect(foreignAnswer.status).toBe(404);
    expect(await triageOf([id])).toEqual([null]);
    expect(await sourcesOf(bot.id)).toBe(0);

    const problems = async (res: Response | { status: number; json(): Promise<unknown> }) => {
      expect(res.status).toBe(400);
      return (await validationErrorOf(res)).details.fieldErrors;
    };
    expect(await problems(await dismiss(bot, []))).toEqual({ messageIds: ['Choose at least one question'] });
    expect(await problems(await dismiss(bot, untyped(['1'])))).toEqual({ messageIds: ['Message ids must be numbers'] });
    expect(await problems(await answer(bot, { messageIds: [id], question: '  ', variants: [], answer: '' }))).toEqual({
      question: ['Question is required'],
      answer: ['Answer is required'],
    });
    expect(await problems(await answer(bot, { messageIds: [id], question: 'q'.repeat(501), variants: ['v'.repeat(501)], answer: 'a'.repeat(5001) }))).toEqual({
      question: ['Question must be at most 500 characters'],
      variants: ['Each wording must be at most 500 characters'],
      answer: ['Answer must be at most 5000 characters'],
    });
    const tooMany = Array.from({ length: 21 }, (_, i) => `Wording ${i}`);
    expect(await problems(await answer(bot, { messageIds: [id], question: 'q', variants: tooMany, answer: 'a' }))).toEqual({
      variants: ['At most 20 other wordings'],
    });
    expect(await triageOf([id])).toEqual([null]);
  });
});

describe('answering from the inbox', () => {
  let bot: Bot;

  beforeAll(async () => {
    bot = await kit.newBot(owner.cookie, { name: 'Harbor Help', fallbackMessage: 'I do not know that yet.' });
    // A page that shares the question's words without answering it.
    await kit.train(bot.id, [
      {
        title: 'Dog friendly boat tours',
        textContent: 'Dog friendly boat tours: our boat tours love dogs. Every dog owner can see dog photos from past boat tours on the dock board.',
      },
      { title: 'Moorings', textContent: 'Moorings cost 40 euros a night in the east harbour. Showers are free for guests.' },
    ]);
  });

  it('saves a Q&A source that a rewording reaches at once, marks the group answered, and keeps the Q&A out of unrelated answers', async () => {
    const question = 'Can I bring my dog on the boat?';
    const ownAnswer = 'Yes: dogs are welcome on every boat tour, on a leash. Please bring water for them.';
    // Before: the page's sentence answers, and the visitor found it unhelpful.
    expect((await visitorAsks(bot, 'Can my dog come on the boat?')).content).toContain('our boat tours love dogs');
    const sessionId = await conversation(bot.id);
    const ids = [await asked(bot.id, sessionId, question, 'thumbs_down'), await asked(bot.id, sessionId, 'dog on the boat allowed?', 'fallback')];

    const res = await answer(bot, { messageIds: ids, question, variants: ['dog on the boat allowed?', 'Are pets allowed on board?'], answer: ownAnswer });
    expect(res.status).toBe(201);
    const source = await res.json();
    expect(source).toMatchObject({ chatbotId: bot.id, sourceType: 'qa', title: question, url: null, status: 'completed', totalChunks: 1 });
    expect(await triageOf(ids)).toEqual(['answered', 'answered']);
    expect((await inbox(bot)).groups).toEqual([]);

    // It is one of the bot's content sources, and the Q&A list has its wordings and answer.
    const sources = await (await chatbots[':chatbotId']['website-sources'].$get({ param: { chatbotId: bot.guid } }, withCookie(owner.cookie))).json();
    expect(sources.find((s) => s.id === source.id)).toMatchObject({ sourceType: 'qa', title: question, status: 'completed' });
    const qa = await (await chatbots[':chatbotId'].qa.$get({ param: { chatbotId: bot.guid } }, withCookie(owner.cookie))).json();
    expect(qa).toEqual([
      {
        id: source.id,
        question,
        variants: ['dog on the boat allowed?', 'Are pets allowed on board?'],
        answer: ownAnswer,
        status: 'completed',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);

    // The next visitors, in other words: the owner's answer word for word, with no source shown
    // (its question may be a visitor's own words).
    for (const rewording of ['Can my dog come on the boat?', 'May I take my dog on the boat with me?', 'Are pets allowed on board?']) {
      const reply = await visitorAsks(bot, rewording);
      expect(reply.content, rewording).toBe(ownAnswer);
      expect(reply.metadata?.sources, rewording).toEqual([]);
    }
    // A matching Q&A outranks the page that shares more of the words.
    const [best] = await retrieve(bot.id, 'Can my dog come on the boat?');
    expect(best.qa).toEqual({ question, variants: ['dog on the boat allowed?', 'Are pets allowed on board?'] });

    // Questions about something else are not answered with it.
    for (const unrelated of ['How much is a mooring for a night?', 'Do you sell boat fuel?', 'Where can I park my car?']) {
      expect((await visitorAsks(bot, unrelated)).content, unrelated).not.toBe(ownAnswer);
    }
    expect((await visitorAsks(bot, 'How much is a mooring for a night?')).content).toContain('40 euros');
  });

  it('refuses with 409, saving nothing, when none of the questions is still waiting', async () => {
    const sessionId = await conversation(bot.id);
    const ids = [await asked(bot.id, sessionId, 'Is there a fuel dock?', 'fallback'), await asked(bot.id, sessionId, 'fuel dock?', 'fallback')];
    const foreign = await asked((await kit.newBot(stranger.cookie, { name: 'Fuel Bot' })).id, await conversation(bot.id), 'Is there a fuel dock?', 'fallback');
    const dismissed = await asked(bot.id, sessionId, 'fuel dock open on Sundays?', 'fallback', { triage: 'dismissed' });
    const body = { messageIds: ids, question: 'Is there a fuel dock?', variants: ['fuel dock?'], answer: 'Yes, at the east pier.' };

    expect((await answer(bot, body)).status).toBe(201);
    const before = await sourcesOf(bot.id);
    // The same answer sent again (a double click, a second tab), for another bot's question, or for a dismissed one.
    for (const messageIds of [ids, [foreign], [ids[0], foreign], [dismissed], [dismissed, foreign]]) {
      const again = await answer(bot, { ...body, messageIds });
      expect([again.status, (await errorOf(again)).message]).toEqual([
        409,
        'These questions were already answered or dismissed. Reload the inbox to see the ones still waiting.',
      ]);
    }
    expect(await sourcesOf(bot.id)).toBe(before);
    expect(await triageOf([foreign, dismissed])).toEqual([null, 'dismissed']);
  });

  it('puts the questions back in the inbox when the answer that answered them is deleted', async () => {
    const sessionId = await conversation(bot.id);
    const ids = [await asked(bot.id, sessionId, 'Can I rent a canoe?', 'fallback'), await asked(bot.id, sessionId, 'canoe rental?', 'thumbs_down')];
    const dismissed = await asked(bot.id, sessionId, 'canoe colours?', 'fallback');
    await dismiss(bot, [dismissed]);
    const res = await answer(bot, { messageIds: ids, question: 'Can I rent a canoe?', variants: [], answer: 'Yes, 15 euros an hour.' });
    const source = await res.json();
    expect(await triageOf(ids)).toEqual(['answered', 'answered']);

    const ref = { param: { chatbotId: bot.guid, sourceId: String(source.id) } };
    expect((await chatbots[':chatbotId']['website-sources'][':sourceId'].$delete(ref, withCookie(owner.cookie))).status).toBe(200);
    expect(await triageOf([...ids, dismissed])).toEqual([null, null, 'dismissed']);
    const waiting = (await inbox(bot)).groups.flatMap((g) => g.messageIds);
    expect(waiting).toEqual(expect.arrayContaining(ids));
    expect(waiting).not.toContain(dismissed);
  });

  it('edits a saved answer with PUT /qa/{id}, indexed again before the answer', async () => {
    const created = await chatbots[':chatbotId']['website-sources'].$post(
      {
        param: { chatbotId: bot.guid },
        json: { sourceType: 'qa', question: 'Is there wifi at the marina?', variants: ['wireless internet?'], answer: 'Yes, the password is at the office.' },
      },
      withCookie(owner.cookie),
    );
    expect(created.status).toBe(201);
    const source = await created.json();
    expect(source).toMatchObject({ sourceType: 'qa', title: 'Is there wifi at the marina?', status: 'completed' });
    expect((await visitorAsks(bot, 'Do you have wifi in the marina?')).content).toBe('Yes, the password is at the office.');

    const put = (cookie: string, body: { question: string; variants: string[]; answer: string }, sourceId = source.id) =>
      chatbots[':chatbotId'].qa[':sourceId'].$put({ param: { chatbotId: bot.guid, sourceId: String(sourceId) }, json: body }, withCookie(cookie));
    const edited = await put(owner.cookie, { question: 'Is there wifi at the marina?', variants: ['internet access?'], answer: 'Free wifi everywhere: network "Marina".' });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ id: source.id, status: 'completed', totalChunks: 1 });
    expect((await visitorAsks(bot, 'Do you have wifi in the marina?')).content).toBe('Free wifi everywhere: network "Marina".');
    expect((await visitorAsks(bot, 'wireless internet?')).content).not.toContain('password is at the office');
    expect(await db.select({ n: count() }).from(chunks).where(eq(chunks.sourceId, source.id))).toEqual([{ n: 1 }]);

    // Another owner, a text source, a missing one: 404. A bad body: 400.
    expect((await put(stranger.cookie, { question: 'x', variants: [], answer: 'y' })).status).toBe(404);
    const [text] = await db
      .select({ id: contentSources.id })
      .from(contentSources)
      .where(and(eq(contentSources.chatbotId, bot.id), eq(contentSources.sourceType, 'text')))
      .limit(1);
    const notQa = await put(owner.cookie, { question: 'x', variants: [], answer: 'y' }, text.id);
    expect([notQa.status, (await errorOf(notQa)).message]).toEqual([404, 'Source not found']);
    expect((await put(owner.cookie, { question: 'x', variants: [], answer: 'y' }, 999_999)).status).toBe(404);
    expect((await put(owner.cookie, { question: '', variants: [], answer: 'y' })).status).toBe(400);
  });

  it('rescans and deletes a Q&A like any other source', async () => {
    const created = await chatbots[':chatbotId']['website-sources'].$post(
      { param: { chatbotId: bot.guid }, json: { sourceType: 'qa', question: 'Can I pay by card at the fuel dock?', variants: [], answer: 'Yes, all cards.' } },
      withCookie(owner.cookie),
    );
    const source = await created.json();
    const ref = { param: { chatbotId: bot.guid, sourceId: String(source.id) } };
    expect((await chatbots[':chatbotId']['website-sources'][':sourceId'].rescan.$post(ref, withCookie(owner.cookie))).status).toBe(202);
    await waitForIdle(source.id);
    expect((await visitorAsks(bot, 'Do you take cards at the fuel dock?')).content).toBe('Yes, all cards.');

    expect((await chatbots[':chatbotId']['website-sources'][':sourceId'].$delete(ref, withCookie(owner.cookie))).status).toBe(200);
    expect((await visitorAsks(bot, 'Do you take cards at the fuel dock?')).content).not.toBe('Yes, all cards.');
    const qa = await (await chatbots[':chatbotId'].qa.$get({ param: { chatbotId: bot.guid } }, withCookie(owner.cookie))).json();
    expect(qa.map((q) => q.id)).not.toContain(source.id);
  });
});
