import { isRateableAnswer, type StreamEvent } from '@parley/contracts';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChatModel, ModelEvent } from '../ai/chatModel';

// Offline model (no OPENAI_API_KEY in tests) for the real app; turns that need what only a
// language model does (a contact form of its own, sources with links, failing mid-answer) run
// through the same turn with a scripted model.
process.env.RATE_LIMIT_CHAT_PER_MINUTE = '0';
process.env.RATE_LIMIT_SESSION_PER_MINUTE = '0';
const kit = await import('./testing/chatKit');
const { db } = await import('../../db/client');
const { chatMessages, chatSessions, messageCitations } = await import('../../db/schema');
const { getSessionRow, addMessage } = await import('./chat.service');
const { runTurn } = await import('./chatTurn');
const { findChatbotByGuid } = await import('../chatbots/chatbots.service');
const { questionKey } = await import('./questionKey');
const { client, newBot, openSession, streamMessage, getMessages, completeMessages, train, owner, KNOWLEDGE } = kit;
const chat = client.api.chat;

const FALLBACK = 'Sorry, I can only help with Acme orders.';
const WELCOME = 'Welcome to Acme! Ask me about orders.';
let bot: Awaited<ReturnType<typeof newBot>>;

beforeAll(async () => {
  const o = await owner();
  bot = await newBot(o.cookie, { name: 'Signals bot', welcomeMessage: WELCOME, fallbackMessage: FALLBACK });
  await train(bot.id, KNOWLEDGE);
});

const signalsOf = async (sessionId: string) =>
  (
    await db
      .select({
        firstQuestion: chatSessions.firstQuestion,
        questionCount: chatSessions.questionCount,
        hasFallback: chatSessions.hasFallback,
        hasHandoff: chatSessions.hasHandoff,
        hasThumbsDown: chatSessions.hasThumbsDown,
        hasThumbsUp: chatSessions.hasThumbsUp,
        hasLead: chatSessions.hasLead,
        hasRepeat: chatSessions.hasRepeat,
      })
      .from(chatSessions)
      .where(eq(chatSessions.sessionId, sessionId))
  )[0]!;

const rowsOf = (sessionId: string) =>
  db
    .select({
      id: chatMessages.id,
      sender: chatMessages.sender,
      content: chatMessages.content,
      messageType: chatMessages.messageType,
      answerStatus: chatMessages.answerStatus,
      questionKey: chatMessages.questionKey,
      unansweredReason: chatMessages.unansweredReason,
    })
    .from(chatMessages)
    .where(eq(chatMessages.sessionId, sessionId))
    .orderBy(asc(chatMessages.id));
const citationsOf = (messageId: number | string) =>
  db
    .select({ chatbotId: messageCitations.chatbotId, title: messageCitations.title, url: messageCitations.url })
    .from(messageCitations)
    .where(eq(messageCitations.messageId, Number(messageId)))
    .orderBy(asc(messageCitations.id));

const NO_SIGNALS = { hasFallback: false, hasHandoff: false, hasThumbsDown: false, hasThumbsUp: false, hasLead: false, hasRepeat: false };

async function ask(sessionId: string, content: string, internalMessage?: string) {
  const { status, events } = await streamMessage(sessionId, { content, ...(internalMessage && { internalMessage }) });
  expect(status, content).toBe(200);
  return completeMessages(events);
}

/** One turn of the real chat engine with a model that says exactly `script`. */
async function scriptedTurn(sessionId: string, content: string, script: ModelEvent[], failAfterScript = false) {
  const model: ChatModel = {
    kind: 'openai',
    async *answer() {
      yield* script;
      if (failAfterScript) throw new Error('connection reset');
    },
  };
  const events: StreamEvent[] = [];
  const result = await runTurn({ bot: (await findChatbotByGuid(bot.guid))!, session: (await getSessionRow(sessionId))!, content }, (e) => events.push(e), model);
  return { ...result, events };
}

describe('visitor questions', () => {
  it('keys each question and keeps the first one, the count and repeats on the session', async () => {
    const sessionId = await openSession(bot.guid);
    expect(await signalsOf(sessionId)).toEqual({ firstQuestion: null, questionCount: 0, ...NO_SIGNALS });

    await ask(sessionId, 'How do I get a refund?');
    expect(await signalsOf(sessionId)).toEqual({ firstQuestion: 'How do I get a refund?', questionCount: 1, ...NO_SIGNALS });
    await ask(sessionId, 'How long does shipping take?');
    expect(await signalsOf(sessionId)).toEqual({ firstQuestion: 'How do I get a refund?', questionCount: 2, ...NO_SIGNALS });

    // Other words, same meaning: the key is what says so.
    const again = 'Refund: how do I get it?';
    expect(questionKey(again)).toBe(questionKey('How do I get a refund?'));
    await ask(sessionId, again);
    expect(await signalsOf(sessionId)).toEqual({ firstQuestion: 'How do I get a refund?', questionCount: 3, ...NO_SIGNALS, hasRepeat: true });

    const rows = await rowsOf(sessionId);
    expect(rows.filter((r) => r.sender === 'user').map((r) => [r.content, r.questionKey])).toEqual([
      ['How do I get a refund?', questionKey('How do I get a refund?')],
      ['How long does shipping take?', questionKey('How long does shipping take?')],
      [again, questionKey(again)],
    ]);
    expect(rows.filter((r) => r.sender === 'bot').every((r) => r.questionKey === null)).toBe(true);
  });

  it('does not call a question asked once in each of two sessions a repeat', async () => {
    for (let i = 0; i < 2; i++) {
      const sessionId = await openSession(bot.guid);
      await ask(sessionId, 'Do you offer express delivery?');
      expect(await signalsOf(sessionId)).toMatchObject({ questionCount: 1, hasRepeat: false });
    }
  });

  it('counts a menu choice by the words the visitor saw', async () => {
    const sessionId = await openSession(bot.guid);
    await ask(sessionId, 'Shipping', 'The visitor selected the menu option "Shipping" (option id "opt_shipping").');
    expect((await rowsOf(sessionId))[0]).toMatchObject({ sender: 'user', content: 'Shipping', questionKey: questionKey('Shipping') });
    expect(await signalsOf(sessionId)).toMatchObject({ firstQuestion: 'Shipping', questionCount: 1 });
  });

  it('does not count the answer to a rating or multiselect as a question, but a question typed past one', async () => {
    const sessionId = await openSession(bot.guid);
    const session = (await getSessionRow(sessionId))!;
    await ask(sessionId, 'How do I get a refund?');

    // The widget records the choice on the bot's message, then sends it as text.
    await addMessage(session, { sender: 'bot', content: 'How did we do?', messageType: 'rating', metadata: { maxValue: 5 } });
    const pick = await chat[':sessionId']['select-option'].$post({ param: { sessionId }, json: { optionId: '4', optionText: '4', payload: 4 } });
    expect(pick.status).toBe(200);
    await ask(sessionId, '4');

    await addMessage(session, {
      sender: 'bot',
      content: 'What do you care about?',
      messageType: 'multiselect_menu',
      metadata: { options: [{ id: 'price', text: 'Price' }, { id: 'support', text: 'Support' }] },
    });
    const choice = { optionId: 'price,support', optionText: 'Price, Support', payload: ['price', 'support'] };
    expect((await chat[':sessionId']['select-option'].$post({ param: { sessionId }, json: choice })).status).toBe(200);
    await ask(sessionId, 'Price, Support');

    // A rating left unanswered: what the visitor types instead is their question.
    await addMessage(session, { sender: 'bot', content: 'Rate us?', messageType: 'rating', metadata: {} });
    await ask(sessionId, 'Is limescale damage covered by the warranty?');

    const users = (await rowsOf(sessionId)).filter((r) => r.sender === 'user');
    expect(users.map((r) => [r.content, r.questionKey !== null])).toEqual([
      ['How do I get a refund?', true],
      ['4', false],
      ['Price, Support', false],
      ['Is limescale damage covered by the warranty?', true],
    ]);
    expect(await signalsOf(sessionId)).toMatchObject({ firstQuestion: 'How do I get a refund?', questionCount: 2 });
  });
});

describe('model answers', () => {
  it('marks a real answer answered, in its row and its metadata, and stores one citation row per source', async () => {
    const sessionId = await openSession(bot.guid);
    const [question, answer] = await ask(sessionId, 'How do I get a refund?');
    expect(answer.metadata).toMatchObject({ answerStatus: 'answered', sources: [{ title: 'Refund policy', url: null }] });
    expect(isRateableAnswer(answer)).toBe(true);
    expect(await rowsOf(sessionId)).toEqual([
      expect.objectContaining({ id: question.id, answerStatus: null, unansweredReason: null }),
      expect.objectContaining({ id: answer.id, answerStatus: 'answered', unansweredReason: null }),
    ]);
    expect(await citationsOf(answer.id)).toEqual([{ chatbotId: bot.id, title: 'Refund policy', url: null }]);
    // What the visitor reads back: status in metadata, no vote yet.
    const [, stored] = await getMessages(sessionId);
    expect(stored).toMatchObject({ id: answer.id, feedback: null, metadata: { answerStatus: 'answered' } });
    expect(await signalsOf(sessionId)).toMatchObject({ hasFallback: false, hasHandoff: false });
  });

  it('marks the fallback, flags the session and files the question as unanswered, citing nothing', async () => {
    const sessionId = await openSession(bot.guid);
    await ask(sessionId, 'How long does shipping take?');
    const [question, answer] = await ask(sessionId, 'What is the capital of Peru?');
    expect(answer).toMatchObject({ content: FALLBACK, metadata: { answerStatus: 'fallback', sources: [] } });
    expect(isRateableAnswer(answer)).toBe(true);
    const rows = await rowsOf(sessionId);
    expect(rows.map((r) => [r.sender, r.answerStatus, r.unansweredReason])).toEqual([
      ['user', null, null],
      ['bot', 'answered', null],
      ['user', null, 'fallback'],
      ['bot', 'fallback', null],
    ]);
    expect(rows[2]!.id).toBe(question.id);
    expect(await citationsOf(answer.id)).toEqual([]);
    expect(await signalsOf(sessionId)).toMatchObject({ questionCount: 2, hasFallback: true, hasHandoff: false, hasRepeat: false });
  });

  it('gives a greeting no status: it takes no vote', async () => {
    const sessionId = await openSession(bot.guid);
    const [, answer] = await ask(sessionId, 'Hello there!');
    expect(answer.content).toBe(WELCOME);
    expect(answer.metadata).not.toHaveProperty('answerStatus');
    expect(isRateableAnswer(answer)).toBe(false);
    expect((await rowsOf(sessionId))[1]).toMatchObject({ answerStatus: null });
    expect(await citationsOf(answer.id)).toEqual([]);
    expect(await signalsOf(sessionId)).toMatchObject({ hasFallback: false });
  });

  it('gives thanks and goodbyes no status either: small talk cannot be voted into the inbox', async () => {
    const sessionId = await openSession(bot.guid);
    for (const words of ['thanks!', 'Bye!']) {
      const [, answer] = await ask(sessionId, words);
      expect(answer.content, words).not.toBe(WELCOME);
      expect(answer.metadata, words).not.toHaveProperty('answerStatus');
      expect(isRateableAnswer(answer), words).toBe(false);
    }
    expect((await rowsOf(sessionId)).map((r) => r.answerStatus)).toEqual([null, null, null, null]);
  });

  it('cites each named source of a model answer once per row: title, link or both', async () => {
    const sessionId = await openSession(bot.guid);
    const { messages } = await scriptedTurn(sessionId, 'Where can I read about refunds?', [
      { type: 'text', text: 'See our refund page.' },
      {
        type: 'sources',
        sources: [
          { title: 'Refund policy', url: 'https://acme.test/refunds' },
          { title: null, url: 'https://acme.test/faq' },
          { title: ' ', url: '' },
          { title: 'Shipping' },
        ],
      },
    ]);
    const answer = messages[1]!;
    expect(answer.metadata).toMatchObject({ answerStatus: 'answered' });
    expect(await citationsOf(answer.id)).toEqual([
      { chatbotId: bot.id, title: 'Refund policy', url: 'https://acme.test/refunds' },
      { chatbotId: bot.id, title: null, url: 'https://acme.test/faq' },
      { chatbotId: bot.id, title: 'Shipping', url: null },
    ]);
  });

  it('gives an answer cut short by a model error no status and files nothing', async () => {
    const sessionId = await openSession(bot.guid);
    const { outcome, messages } = await scriptedTurn(sessionId, 'Tell me about refunds', [{ type: 'text', text: 'Refunds are' }], true);
    expect(outcome).toBe('error');
    expect(messages[1]).toMatchObject({ content: 'Refunds are', metadata: { incomplete: true } });
    expect(messages[1]!.metadata).not.toHaveProperty('answerStatus');
    expect((await rowsOf(sessionId)).map((r) => [r.sender, r.answerStatus, r.unansweredReason])).toEqual([
      ['user', null, null],
      ['bot', null, null],
    ]);
    expect(await citationsOf(messages[1]!.id)).toEqual([]);
    expect(await signalsOf(sessionId)).toMatchObject({ questionCount: 1, hasFallback: false });
  });

  it("treats the default fallback as a fallback when the bot has none of its own", async () => {
    const o = await owner();
    const plain = await newBot(o.cookie, { name: 'Plain bot', fallbackMessage: '' });
    const sessionId = await openSession(plain.guid);
    const [, answer] = await ask(sessionId, 'What is the capital of Peru?');
    expect(answer.metadata).toMatchObject({ answerStatus: 'fallback' });
    expect(await signalsOf(sessionId)).toMatchObject({ hasFallback: true });
  });
});

describe('hand-offs', () => {
  it('files the question before an explicit request for a person, not the request', async () => {
    const sessionId = await openSession(bot.guid);
    await ask(sessionId, 'Is limescale damage covered by the warranty?');
    const [request, form] = await ask(sessionId, 'Can I talk to a human?');
    expect(form).toMatchObject({ messageType: 'form' });
    expect(form.metadata).not.toHaveProperty('answerStatus');
    expect((await rowsOf(sessionId)).map((r) => [r.sender, r.content, r.unansweredReason])).toEqual([
      ['user', 'Is limescale damage covered by the warranty?', 'handoff'],
      ['bot', expect.any(String), null],
      ['user', request.content, null],
      ['bot', form.content, null],
    ]);
    expect(await signalsOf(sessionId)).toMatchObject({ hasHandoff: true, hasFallback: false, questionCount: 2 });
  });

  it('files nothing when a request for a person opens the conversation: no question went unanswered', async () => {
    for (const request of ['Request Live Agent', 'I want to talk to a human']) {
      const sessionId = await openSession(bot.guid);
      await ask(sessionId, request);
      expect((await rowsOf(sessionId)).map((r) => r.unansweredReason)).toEqual([null, null]);
      expect(await signalsOf(sessionId)).toMatchObject({ firstQuestion: request, hasHandoff: true });
    }
  });

  it('keeps the first reason of a question: a fallback followed by a request for a person stays a fallback', async () => {
    const sessionId = await openSession(bot.guid);
    await ask(sessionId, 'What is the capital of Peru?');
    await ask(sessionId, 'Request Live Agent');
    expect((await rowsOf(sessionId)).map((r) => [r.sender, r.unansweredReason])).toEqual([
      ['user', 'fallback'],
      ['bot', null],
      ['user', null],
      ['bot', null],
    ]);
    expect(await signalsOf(sessionId)).toMatchObject({ hasFallback: true, hasHandoff: true });
  });

  it("files this turn's question when the model shows a contact form itself", async () => {
    const sessionId = await openSession(bot.guid);
    await ask(sessionId, 'How do I get a refund?');
    const { messages } = await scriptedTurn(sessionId, 'My kettle broke, what now?', [
      { type: 'text', text: 'I am sorry to hear that.' },
      { type: 'contact_form', message: 'Leave your number and we will call.' },
    ]);
    expect(messages.map((m) => m.messageType)).toEqual(['text', 'text', 'form']);
    expect(messages[2]!.metadata).not.toHaveProperty('answerStatus');
    expect((await rowsOf(sessionId)).map((r) => [r.sender, r.answerStatus, r.unansweredReason])).toEqual([
      ['user', null, null],
      ['bot', 'answered', null],
      ['user', null, 'handoff'],
      ['bot', 'answered', null],
      ['bot', null, null],
    ]);
    expect(await signalsOf(sessionId)).toMatchObject({ hasHandoff: true, hasFallback: false });
  });

  it('flags a contact form the model shows without any text', async () => {
    const sessionId = await openSession(bot.guid);
    const { messages } = await scriptedTurn(sessionId, 'Call me please', [{ type: 'contact_form' }]);
    expect(messages.map((m) => m.messageType)).toEqual(['text', 'form']);
    expect((await rowsOf(sessionId)).map((r) => r.unansweredReason)).toEqual(['handoff', null]);
    expect(await signalsOf(sessionId)).toMatchObject({ hasHandoff: true, hasFallback: false });
  });
});

describe('leads', () => {
  const contact = (sessionId: string, formTitle: string) =>
    chat[':sessionId']['submit-form'].$post({
      param: { sessionId },
      json: {
        formTitle,
        formData: [
          { id: 'name', label: 'Name', value: 'Ada' },
          { id: 'email', label: 'Email', type: 'email', value: 'ada@example.com' },
          { id: 'message', label: 'Message', value: 'Please call me back about my order.' },
        ],
      },
    });

  it('flags the session of a stored contact form, the bot’s or the limit one', async () => {
    for (const title of ['Contact our team', 'Contact Request - Message Limit Exceeded']) {
      const sessionId = await openSession(bot.guid);
      await ask(sessionId, 'Request Live Agent');
      expect((await signalsOf(sessionId)).hasLead).toBe(false);
      expect((await contact(sessionId, title)).status, title).toBe(200);
      expect((await signalsOf(sessionId)).hasLead, title).toBe(true);
    }
  });

  it('does not flag a form that was refused', async () => {
    const sessionId = await openSession(bot.guid);
    const res = await chat[':sessionId']['submit-form'].$post({
      param: { sessionId },
      json: { formTitle: 'Contact our team', formData: [{ id: 'email', label: 'Email', type: 'email', value: 'not-an-email' }] },
    });
    expect(res.status).toBe(400);
    expect((await signalsOf(sessionId)).hasLead).toBe(false);
  });
});
