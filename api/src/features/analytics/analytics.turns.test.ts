import { addDays, todayIn } from '@parley/contracts';
import { chatbotAnalyticsSchema } from '@parley/contracts/schemas';
import { and, count, eq, isNull, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

// Real turns through the chat API with the offline model, then the owner's figures: what the
// chat code stores is what analytics count.
process.env.RATE_LIMIT_CHAT_PER_MINUTE = '0';
process.env.RATE_LIMIT_SESSION_PER_MINUTE = '0';
const kit = await import('../chat/testing/chatKit');
const { db, dialect, sqlite } = await import('../../db/client');
const { chatMessages } = await import('../../db/schema');
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
    const [stored] = await db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.chatbotId, bot.id));
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
    type Old = { sender: 'user' | 'bot'; content: string; messageType?: string };
    const old = async (...messages: Old[]) =>
      (await db.insert(chatMessages).values(messages.map((m) => ({ sessionId, chatbotId: bot.id, ...m }))).returning({ id: chatMessages.id })).map((r) => r.id);
    // 2,500 older questions (more than one batch), an answer and a form submission.
    const questions = await old(...Array.from({ length: 2_500 }, (_, i) => ({ sender: 'user' as const, content: `Do you deliver to island ${i}?` })));
    const [botAnswer] = await old({ sender: 'bot', content: 'We do.' });
    const [lead] = await old({ sender: 'user', content: 'Contact our team: Vera', messageType: 'system' });
    // Earlier tests' rating replies are keyless visitor messages too, and older than the mark.
    const [{ n: keylessBefore }] = await db
      .select({ n: count() })
      .from(chatMessages)
      .where(and(isNull(chatMessages.questionKey), eq(chatMessages.sender, 'user'), ne(chatMessages.messageType, 'system')));
    expect(keylessBefore).toBeGreaterThanOrEqual(2_500);
    const keyOf = async (id: number) => (await db.select({ k: chatMessages.questionKey }).from(chatMessages).where(eq(chatMessages.id, id)))[0].k;

    if (dialect === 'postgres') {
      // PostgreSQL databases start with the column: no migration leaves a mark, nothing is keyed.
      expect(backfillQuestionKeys()).toBe(0);
      expect([await keyOf(questions[0]), await keyOf(botAnswer), await keyOf(lead)]).toEqual([null, null, null]);
      return;
    }
    // The mark is what SQLite's migration 0005 leaves.
    sqlite.exec(`CREATE TABLE question_key_backfill (up_to INTEGER); INSERT INTO question_key_backfill SELECT max(id) FROM chat_messages;`);
    // Written after the migration: left alone.
    const [later] = await old({ sender: 'user', content: 'Written after the migration' });

    expect(backfillQuestionKeys()).toBe(keylessBefore);
    expect(await keyOf(questions[0])).toBe(questionKey('Do you deliver to island 0?'));
    expect(await keyOf(questions[2_499])).toBe(questionKey('Do you deliver to island 2499?'));
    expect([await keyOf(botAnswer), await keyOf(lead), await keyOf(later)]).toEqual([null, null, null]);
    expect(sqlite.prepare(`select name from sqlite_master where name = 'question_key_backfill'`).get()).toBeUndefined();
    // One-shot: the next start finds nothing to do.
    expect(backfillQuestionKeys()).toBe(0);
  });
});
