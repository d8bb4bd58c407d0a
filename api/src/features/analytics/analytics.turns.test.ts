import { addDays, todayIn } from '@parley/contracts';
import { chatbotAnalyticsSchema } from '@parley/contracts/schemas';
import { beforeAll, describe, expect, it } from 'vitest';

// Real turns through the chat API with the offline model, then the owner's figures: what the
// chat code stores is what analytics count.
process.env.RATE_LIMIT_CHAT_PER_MINUTE = '0';
process.env.RATE_LIMIT_SESSION_PER_MINUTE = '0';
const kit = await import('../chat/testing/chatKit');
const { sqlite } = await import('../../db/client');
const { getSessionRow, addMessage } = await import('../chat/chat.service');
const { backfillQuestionKeys } = await import('./backfillQuestionKeys');
const { questionKey } = await import('../chat/questionKey');
const { client, newBot, openSession, streamMessage, completeMessages, train, owner, withCookie, KNOWLEDGE } = kit;
const chat = client.api.chat;

let bot: Awaited<ReturnType<typeof newBot>>;
let cookie: string;

async function ask(sessionId: string, content: string) {
  const { status, events } = await streamMessage(sessionId, { content });
  expect(status, content).toBe(200);
  return completeMessages(events);
}

async function figures() {
  const today = todayIn('UTC');
  const res = await client.api.chatbots[':guid'].analytics.$get({ param: { guid: bot.guid }, query: { from: addDays(today, -1), to: addDays(today, 1) } }, withCookie(cookie));
  expect(res.status).toBe(200);
  return chatbotAnalyticsSchema.parse(await res.json());
}

beforeAll(async () => {
  const o = await owner();
  cookie = o.cookie;
  bot = await newBot(cookie, { name: 'Turns bot', fallbackMessage: 'Sorry, I can only help with Acme orders.' });
  await train(bot.id, KNOWLEDGE);
});

describe('analytics of real chat turns', () => {
  it('counts questions, not rating replies; groups wordings; resolution follows votes and hand-offs', async () => {
    // 1. A question, a thumbs-down on its answer, then a reply to a rating question.
    const voted = await openSession(bot.guid);
    const [, refundAnswer] = await ask(voted, 'How do I get a refund?');
    const down = await chat[':sessionId'].messages[':messageId'].feedback.$post({ param: { sessionId: voted, messageId: String(refundAnswer.id) }, json: { rating: 'down' } });
    expect(down.status).toBe(200);
    await addMessage((await getSessionRow(voted))!, { sender: 'bot', content: 'How did we do?', messageType: 'rating', metadata: { maxValue: 5 } });
    const pick = await chat[':sessionId']['select-option'].$post({ param: { sessionId: voted }, json: { optionId: '4', optionText: '4', payload: 4 } });
    expect(pick.status).toBe(200);
    await ask(voted, '4');

    // 2. A question, then a request for a person: the question is handed off.
    const handedOff = await openSession(bot.guid);
    await ask(handedOff, 'Is limescale damage covered by the warranty?');
    const [, form] = await ask(handedOff, 'I want to talk to a human');
    expect(form.messageType).toBe('form');

    // 3. The first question again in other words, answered, no vote.
    const plain = await openSession(bot.guid);
    await ask(plain, 'How can I get a refund?');

    const a = await figures();
    const stored = sqlite.prepare('select count(*) as n from chat_messages where chatbot_id = ?').get(bot.id) as { n: number };
    // Refund ×2, limescale, the request for a person; the rating reply "4" is no question.
    expect(a.totals).toEqual({ conversations: 3, messages: stored.n, visitorQuestions: 4 });
    expect(a.topQuestions[0]).toEqual({
      question: 'How can I get a refund?',
      count: 2,
      wordings: [{ text: 'How can I get a refund?', count: 2 }],
    });
    expect(a.topQuestions.map((q) => q.question)).not.toContain('4');
    expect(a.topQuestions.reduce((n, q) => n + q.count, 0)).toBe(4);
    expect(a.feedback).toEqual({ up: 0, down: 1 });
    // Only the third conversation went without a thumbs-down, fallback or hand-off.
    expect(a.resolution).toEqual({ assumed: { count: 1, rate: 1 / 3 }, confirmed: { count: 0, rate: 0 } });
    // The model answered the three questions and the rating reply; the hand-off is a form.
    expect(a.answers.answered + a.answers.fallback).toBe(4);
    // The thumbs-down and the handed-off question wait in the inbox.
    expect(a.unansweredQuestions).toBe(2);
  });
});

describe('backfillQuestionKeys', () => {
  it('keys the visitor questions of older chats once, up to the mark the migration left, then drops the mark', async () => {
    const sessionId = await openSession(bot.guid);
    await ask(sessionId, 'Where is my parcel?');
    const insert = sqlite.prepare(
      `insert into chat_messages (session_id, chatbot_id, sender, content, message_type, created_at) values (?, ?, ?, ?, ?, ?) returning id`,
    );
    const old = (sender: string, content: string, type = 'text') => (insert.get(sessionId, bot.id, sender, content, type, Date.now()) as { id: number }).id;
    // 2,500 older questions (more than one batch), an answer and a form submission.
    const questions = Array.from({ length: 2_500 }, (_, i) => old('user', `Do you deliver to island ${i}?`));
    const botAnswer = old('bot', 'We do.');
    const lead = old('user', 'Contact our team: Vera', 'system');
    // Earlier tests' rating replies are keyless visitor messages too, and older than the mark.
    const { n: keylessBefore } = sqlite
      .prepare(`select count(*) as n from chat_messages where question_key is null and sender = 'user' and message_type <> 'system'`)
      .get() as { n: number };
    sqlite.exec(`CREATE TABLE question_key_backfill (up_to INTEGER); INSERT INTO question_key_backfill SELECT max(id) FROM chat_messages;`);
    // Written after the migration: left alone.
    const later = old('user', 'Written after the migration');

    expect(keylessBefore).toBeGreaterThanOrEqual(2_500);
    expect(backfillQuestionKeys()).toBe(keylessBefore);
    const keyOf = (id: number) => (sqlite.prepare('select question_key as k from chat_messages where id = ?').get(id) as { k: string | null }).k;
    expect(keyOf(questions[0])).toBe(questionKey('Do you deliver to island 0?'));
    expect(keyOf(questions[2_499])).toBe(questionKey('Do you deliver to island 2499?'));
    expect([keyOf(botAnswer), keyOf(lead), keyOf(later)]).toEqual([null, null, null]);
    expect(sqlite.prepare(`select name from sqlite_master where name = 'question_key_backfill'`).get()).toBeUndefined();
    // One-shot: the next start finds nothing to do.
    expect(backfillQuestionKeys()).toBe(0);
  });
});
