import { beforeAll, describe, expect, it } from 'vitest';
import { createSessionId, todayIn, addDays } from '@parley/contracts';
import { chatbotAnalyticsSchema } from '@parley/contracts/schemas';
import { client, createUserAndCookie, errorOf, newBot, validationErrorOf, withCookie } from '../../../test/helpers';
import { db } from '../../db/client';
import { chatMessages, chatSessions, formSubmissions, messageCitations } from '../../db/schema';
import { questionKey } from '../chat/questionKey';
import { analyticsDisposition } from './analyticsCsv';

const analytics = client.api.chatbots[':guid'].analytics;

type SessionFlags = Partial<Pick<typeof chatSessions.$inferInsert, 'isTest' | 'hasFallback' | 'hasHandoff' | 'hasThumbsDown' | 'hasThumbsUp' | 'hasLead' | 'hasRepeat'>>;
type MessageInput = Partial<typeof chatMessages.$inferInsert> & { at: string; cites?: { title: string | null; url: string | null }[] };

/**
 * One conversation written straight into the tables, as the chat code would have left it: the
 * session (started at its first message, with its flags), its messages at the given UTC
 * instants, the sources each answer cited.
 */
async function conversation(chatbotId: number, flags: SessionFlags, messages: MessageInput[]) {
  const sessionId = createSessionId(Date.parse(messages[0].at));
  const questions = messages.filter((m) => m.sender === 'user' && m.messageType !== 'system');
  await db.insert(chatSessions).values({
    sessionId,
    chatbotId,
    messageCount: messages.length,
    questionCount: questions.length,
    firstQuestion: questions[0]?.content ?? null,
    createdAt: new Date(messages[0].at),
    lastMessageAt: new Date(messages.at(-1)!.at),
    ...flags,
  });
  for (const { at, cites, ...message } of messages) {
    const content = message.content ?? 'Here is what I found.';
    const [row] = await db
      .insert(chatMessages)
      .values({
        sessionId,
        chatbotId,
        sender: 'bot',
        content,
        messageType: 'text',
        questionKey: message.sender === 'user' && message.messageType !== 'system' ? questionKey(content) : null,
        ...message,
        createdAt: new Date(at),
      })
      .returning();
    for (const cite of cites ?? []) await db.insert(messageCitations).values({ messageId: row.id, chatbotId, ...cite, createdAt: new Date(at) });
  }
  return sessionId;
}

const ask = (at: string, content: string, extra: Partial<typeof chatMessages.$inferInsert> = {}): MessageInput => ({ at, sender: 'user', content, ...extra });
const answer = (at: string, extra: Omit<MessageInput, 'at'> = {}): MessageInput => ({ at, answerStatus: 'answered', ...extra });
const lead = (chatbotId: number, sessionId: string, at: string) =>
  db
    .insert(formSubmissions)
    .values({ chatbotId, sessionId, formTitle: 'Contact our team', formData: [{ id: 'name', label: 'Name', value: 'Vera' }], createdAt: new Date(at) });

const ACCOUNT = { title: 'Account help', url: 'https://help.example/account' };
const HOURS = { title: 'Opening hours', url: 'https://help.example/hours' };
const PARKING = { title: 'Parking', url: 'https://help.example/parking' };
const SHIPPING = { title: 'Shipping', url: null };

let owner: Awaited<ReturnType<typeof createUserAndCookie>>;
let bot: Awaited<ReturnType<typeof newBot>>;
let other: typeof owner;
let otherBot: typeof bot;

/**
 * The seeded set, read in New York time over 2024-03-09 (Sat) to 2024-03-11 (Mon). Clocks there
 * moved from EST (-5) to EDT (-4) at 2024-03-10 07:00 UTC, inside the period. Instants are UTC;
 * the comment after each is the local time.
 */
beforeAll(async () => {
  owner = await createUserAndCookie({ email: 'analytics-owner@example.com' });
  bot = await newBot(owner.cookie, { name: 'Harbor Help' });
  const id = bot.id;

  // 1. Answered, thumbs-up, two sources cited. Sat 14:30.
  await conversation(id, { hasThumbsUp: true }, [
    ask('2024-03-09T19:30:00Z', 'How do I reset my password?'),
    answer('2024-03-09T19:30:05Z', { feedback: 'up', cites: [ACCOUNT, HOURS] }),
  ]);
  // 2. Fallback (another wording of the same question); its inbox entry was dismissed. Sat 23:30, already Sunday in UTC.
  await conversation(id, { hasFallback: true }, [
    ask('2024-03-10T04:30:00Z', 'How can I reset my account password?', { unansweredReason: 'fallback', triage: 'dismissed' }),
    { at: '2024-03-10T04:30:05Z', answerStatus: 'fallback', content: 'Sorry, I do not know.' },
  ]);
  // 3. Hand-off form, and the visitor sent it: a lead. Sun 09:15 (EDT).
  const handoff = await conversation(id, { hasHandoff: true, hasLead: true }, [
    ask('2024-03-10T13:15:00Z', 'I want to talk to a person', { unansweredReason: 'handoff' }),
    { at: '2024-03-10T13:15:05Z', messageType: 'form', content: 'Leave your details and we will get back to you.' },
    { at: '2024-03-10T13:16:00Z', sender: 'user', messageType: 'system', content: 'Contact our team: Vera' },
  ]);
  await lead(id, handoff, '2024-03-10T13:16:00Z');
  // 4. Answered without a vote, then a reply to the bot's rating question: stored without a
  // question key, so a message but no question. Sun 09:45.
  await conversation(id, {}, [
    ask('2024-03-10T13:45:00Z', 'Do you ship to Canada?'),
    answer('2024-03-10T13:45:05Z', { cites: [SHIPPING] }),
    ask('2024-03-10T13:47:00Z', '5', { questionKey: null }),
  ]);
  // 5. The widget opened and greeted, nobody asked: messages, but no conversation. Sun 12:00.
  await conversation(id, {}, [{ at: '2024-03-10T16:00:00Z', content: 'Welcome aboard!' }]);
  // 6. A question asked twice. Mon 09:15.
  await conversation(id, { hasRepeat: true }, [
    ask('2024-03-11T13:15:00Z', 'What are your opening hours?'),
    answer('2024-03-11T13:15:05Z', { cites: [HOURS] }),
    ask('2024-03-11T13:20:00Z', 'opening hours?'),
    answer('2024-03-11T13:20:05Z', { cites: [HOURS] }),
    ask('2024-03-11T13:25:00Z', 'Very helpful', { questionKey: null }),
  ]);
  // 7. Thumbs-down. Mon 22:45, already Tuesday in UTC.
  await conversation(id, { hasThumbsDown: true }, [
    ask('2024-03-12T02:45:00Z', 'How do I reset my password', { unansweredReason: 'thumbs_down' }),
    answer('2024-03-12T02:45:05Z', { feedback: 'down', cites: [ACCOUNT] }),
  ]);

  // The owner's own Test-page chats: counted nowhere, their wordings never shown. Sun 10:00 and Mon 23:00.
  const test = await conversation(id, { isTest: true, hasThumbsUp: true, hasFallback: true, hasLead: true }, [
    ask('2024-03-10T14:00:00Z', 'What are your opening hours?', { unansweredReason: 'fallback' }),
    { at: '2024-03-10T14:00:05Z', answerStatus: 'fallback', feedback: 'up', content: 'Sorry.', cites: [ACCOUNT] },
  ]);
  await lead(id, test, '2024-03-10T14:01:00Z');
  await conversation(id, { isTest: true }, [ask('2024-03-12T03:00:00Z', 'Reset my password'), answer('2024-03-12T03:00:05Z', { cites: [PARKING] })]);
  // Started Fri 23:30, before the period (Saturday in UTC); its second question, Sat 00:10, is in it.
  const early = await conversation(id, {}, [
    ask('2024-03-09T04:30:00Z', 'Where can I park?'),
    answer('2024-03-09T04:30:05Z', { cites: [PARKING] }),
    ask('2024-03-09T05:10:00Z', 'Do you have parking?'),
    answer('2024-03-09T05:10:05Z', { cites: [PARKING] }),
  ]);
  await lead(id, early, '2024-03-09T04:40:00Z');
  // Tue 00:30, just after the period.
  await conversation(id, {}, [ask('2024-03-12T04:30:00Z', 'Do you ship to Canada?'), answer('2024-03-12T04:30:05Z', { cites: [SHIPPING] })]);

  // Another owner's bot, busy on the same days.
  other = await createUserAndCookie();
  otherBot = await newBot(other.cookie, { name: 'Other Bot' });
  await conversation(otherBot.id, { hasThumbsUp: true }, [
    ask('2024-03-10T13:15:00Z', 'How do I reset my password?'),
    answer('2024-03-10T13:15:05Z', { feedback: 'up', cites: [ACCOUNT] }),
  ]);
});

async function read(query: { from?: string; to?: string; tz?: string }, cookie = owner.cookie, guid = bot.guid) {
  return analytics.$get({ param: { guid }, query }, withCookie(cookie));
}

async function figures(query: { from?: string; to?: string; tz?: string }, cookie = owner.cookie, guid = bot.guid) {
  const res = await read(query, cookie, guid);
  expect(res.status).toBe(200);
  return chatbotAnalyticsSchema.parse(await res.json());
}

/**
 * A new owner's bot whose every conversation is one question, asked at the given UTC instant and
 * answered half a minute later; returns the reader of its figures.
 */
async function botAskedAt(name: string, questions: [at: string, text: string][]) {
  const { cookie } = await createUserAndCookie();
  const made = await newBot(cookie, { name });
  for (const [at, text] of questions) await conversation(made.id, {}, [ask(at, text), answer(new Date(Date.parse(at) + 30_000).toISOString())]);
  return (query: { from: string; to: string; tz: string }) => figures(query, cookie, made.guid);
}

const NEW_YORK = { from: '2024-03-09', to: '2024-03-11', tz: 'America/New_York' };
/** The hours of one row of `weekdayHours` that saw questions, with their counts. */
const nonZero = (row: number[]) => Object.fromEntries(row.flatMap((n, hour) => (n ? [[hour, n]] : [])));
const busyHours = (a: { busiestHours: { hour: number; questions: number }[] }) =>
  Object.fromEntries(a.busiestHours.filter((h) => h.questions > 0).map((h) => [h.hour, h.questions]));

describe('GET /api/chatbots/{guid}/analytics', () => {
  it('counts a known set of conversations figure by figure, in the owner’s time zone', async () => {
    const a = await figures(NEW_YORK);
    expect(a.range).toEqual({ from: '2024-03-09', to: '2024-03-11', tz: 'America/New_York', days: 3 });
    expect(a.totals).toEqual({ conversations: 6, messages: 20, visitorQuestions: 8 });
    expect(a.daily).toEqual([
      { date: '2024-03-09', conversations: 2, messages: 6 },
      { date: '2024-03-10', conversations: 2, messages: 7 },
      { date: '2024-03-11', conversations: 2, messages: 7 },
    ]);
    expect(a.answers).toEqual({ answered: 6, fallback: 1, answeredRate: 6 / 7, fallbackRate: 1 / 7 });
    expect(a.resolution).toEqual({ assumed: { count: 2, rate: 2 / 6 }, confirmed: { count: 1, rate: 1 / 6 } });
    expect(a.feedback).toEqual({ up: 1, down: 1 });
    expect(a.leads).toBe(1);
    // Two of its questions wait, but long before the inbox's last 90 days: the inbox no longer lists them.
    expect(a.unansweredQuestions).toBe(0);
  });

  it('puts questions in the local hour and weekday, across the change to summer time', async () => {
    const a = await figures(NEW_YORK);
    expect(busyHours(a)).toEqual({ 0: 1, 9: 4, 14: 1, 22: 1, 23: 1 });
    expect(a.busiestHours.map((h) => h.hour)).toEqual([...Array(24).keys()]);
    const [monday, , , , , saturday, sunday] = a.weekdayHours;
    expect(nonZero(saturday)).toEqual({ 0: 1, 14: 1, 23: 1 });
    expect(nonZero(sunday)).toEqual({ 9: 2 });
    expect(nonZero(monday)).toEqual({ 9: 2, 22: 1 });
    expect(a.weekdayHours.slice(1, 5).flat().every((n) => n === 0)).toBe(true);
  });

  it('groups similar wordings into top questions and ranks the cited sources', async () => {
    const a = await figures(NEW_YORK);
    expect(a.topQuestions).toEqual([
      {
        question: 'How do I reset my password',
        count: 3,
        wordings: [
          { text: 'How do I reset my password', count: 2 },
          { text: 'How can I reset my account password?', count: 1 },
        ],
      },
      { question: 'opening hours?', count: 2, wordings: [{ text: 'opening hours?', count: 2 }] },
      { question: 'Do you have parking?', count: 1, wordings: [{ text: 'Do you have parking?', count: 1 }] },
      { question: 'Do you ship to Canada?', count: 1, wordings: [{ text: 'Do you ship to Canada?', count: 1 }] },
      { question: 'I want to talk to a person', count: 1, wordings: [{ text: 'I want to talk to a person', count: 1 }] },
    ]);
    expect(a.topSources).toEqual([
      { ...HOURS, count: 3 },
      { ...ACCOUNT, count: 2 },
      { ...PARKING, count: 1 },
      { ...SHIPPING, count: 1 },
    ]);
  });

  it('ranks a subject asked in hundreds of one-off wordings above hundreds of questions asked twice', async () => {
    const busy = await newBot(owner.cookie, { name: 'Busy bot' });
    const at = (i: number) => new Date(Date.parse('2024-05-01T12:00:00Z') + i * 1000).toISOString();
    const asked = [
      // 400 other subjects, each asked twice: more keys than earlier cuts kept, all ahead by count.
      ...Array.from({ length: 400 }, (_, i) => [`Do you sell zorb${i} quix${i}?`, `Do you sell zorb${i} quix${i}?`]).flat(),
      'How do I reset my password?',
      ...Array.from({ length: 350 }, (_, i) => `How do I reset my password on device${i}?`),
    ];
    await conversation(busy.id, {}, asked.map((text, i) => ask(at(i), text)));
    const res = await read({ from: '2024-05-01', to: '2024-05-01' }, owner.cookie, busy.guid);
    const a = chatbotAnalyticsSchema.parse(await res.json());
    expect(a.totals.visitorQuestions).toBe(1_151);
    expect(a.topQuestions[0]).toMatchObject({ question: 'How do I reset my password?', count: 351 });
    expect(a.topQuestions[0].wordings).toHaveLength(5);
    expect(a.topQuestions.slice(1).map((q) => q.count)).toEqual(Array(9).fill(2));
  });

  it('counts only the bot asked about, and the same way when its owner never tested it', async () => {
    const res = await read(NEW_YORK, other.cookie, otherBot.guid);
    expect(res.status).toBe(200);
    const a = chatbotAnalyticsSchema.parse(await res.json());
    expect(a.totals).toEqual({ conversations: 1, messages: 2, visitorQuestions: 1 });
    expect(a.feedback).toEqual({ up: 1, down: 0 });
    expect(a.resolution.confirmed).toEqual({ count: 1, rate: 1 });
    expect(a.topQuestions).toEqual([{ question: 'How do I reset my password?', count: 1, wordings: [{ text: 'How do I reset my password?', count: 1 }] }]);
    expect(a.topSources).toEqual([{ ...ACCOUNT, count: 1 }]);
  });

  it('counts days in the zone asked for: in UTC the same dates hold other conversations', async () => {
    const a = await figures({ from: '2024-03-09', to: '2024-03-11', tz: 'UTC' });
    expect(a.daily.map((d) => d.conversations)).toEqual([2, 3, 1]);
    expect(a.daily.map((d) => d.messages)).toEqual([6, 9, 5]);
    expect(a.totals.conversations).toBe(6);
    expect(a.range.tz).toBe('UTC');
  });

  it('counts the questions the inbox still lists, test chats’ and handled ones left out', async () => {
    const { cookie } = await createUserAndCookie();
    const recent = await newBot(cookie, { name: 'Recent bot' });
    const today = todayIn('UTC');
    const at = (daysAgo: number, minute = 0) => `${addDays(today, -daysAgo)}T00:${String(minute).padStart(2, '0')}:00.000Z`;
    await conversation(recent.id, { hasFallback: true }, [
      ask(at(2), 'Do you rent kayaks?', { unansweredReason: 'fallback' }),
      { at: at(2, 1), answerStatus: 'fallback', content: 'Sorry.' },
      ask(at(2, 2), 'Kayak rental prices?', { unansweredReason: 'fallback', triage: 'dismissed' }),
      { at: at(2, 3), answerStatus: 'fallback', content: 'Sorry.' },
    ]);
    await conversation(recent.id, { hasThumbsDown: true }, [
      ask(at(1), 'Is there a sauna?', { unansweredReason: 'thumbs_down' }),
      answer(at(1, 1), { feedback: 'down' }),
    ]);
    await conversation(recent.id, { isTest: true, hasFallback: true }, [
      ask(at(1, 5), 'Is there a sauna?', { unansweredReason: 'fallback' }),
      { at: at(1, 6), answerStatus: 'fallback', content: 'Sorry.' },
    ]);
    const a = await figures({ from: addDays(today, -6), to: today, tz: 'UTC' }, cookie, recent.guid);
    expect(a.unansweredQuestions).toBe(2);
    expect(a.totals).toEqual({ conversations: 2, messages: 6, visitorQuestions: 3 });
    expect(a.answers).toEqual({ answered: 1, fallback: 2, answeredRate: 1 / 3, fallbackRate: 2 / 3 });
    expect(a.feedback).toEqual({ up: 0, down: 1 });
    expect(a.resolution.assumed.count).toBe(0);
  });

  it('puts questions in the hours of a zone half an hour off UTC, and its days', async () => {
    // Kolkata is UTC+05:30: 18:29 UTC is 23:59 local on the 1st, 18:30 UTC already 00:00 on the 2nd.
    const india = await botAskedAt('Kolkata bot', [
      ['2024-06-01T18:29:00Z', 'Late question?'],
      ['2024-06-01T18:30:00Z', 'Midnight question?'],
      ['2024-06-02T04:15:00Z', 'Morning question?'],
    ]);
    const a = await india({ from: '2024-06-01', to: '2024-06-02', tz: 'Asia/Kolkata' });
    expect(a.daily).toEqual([
      { date: '2024-06-01', conversations: 1, messages: 2 },
      { date: '2024-06-02', conversations: 2, messages: 4 },
    ]);
    expect(busyHours(a)).toEqual({ 0: 1, 9: 1, 23: 1 });
    // 2024-06-01 was a Saturday.
    expect(nonZero(a.weekdayHours[5])).toEqual({ 23: 1 });
    expect(nonZero(a.weekdayHours[6])).toEqual({ 0: 1, 9: 1 });
  });

  it('reads a leap year, 8,784 hours, with chats at both ends and across both clock changes', async () => {
    // Paris: +01:00 in winter, +02:00 from 31 March to 27 October 2024.
    const year = await botAskedAt('Year bot', [
      ['2023-12-31T23:00:00Z', 'First minute of the year?'],
      ['2024-07-14T10:00:00Z', 'Fireworks tonight?'],
      ['2024-12-31T22:59:00Z', 'Last minute of the year?'],
      ['2024-12-31T23:00:00Z', 'Already next year?'],
    ]);
    const a = await year({ from: '2024-01-01', to: '2024-12-31', tz: 'Europe/Paris' });
    expect(a.range.days).toBe(366);
    expect(a.totals).toEqual({ conversations: 3, messages: 6, visitorQuestions: 3 });
    expect(a.daily.filter((d) => d.conversations > 0)).toEqual([
      { date: '2024-01-01', conversations: 1, messages: 2 },
      { date: '2024-07-14', conversations: 1, messages: 2 },
      { date: '2024-12-31', conversations: 1, messages: 2 },
    ]);
    expect(busyHours(a)).toEqual({ 0: 1, 12: 1, 23: 1 });
  });

  it('fills days without activity with zeros and answers null rates when there is nothing to divide', async () => {
    const a = await figures({ from: '2023-12-30', to: '2024-01-02', tz: 'Europe/Paris' });
    expect(a.daily).toEqual(['2023-12-30', '2023-12-31', '2024-01-01', '2024-01-02'].map((date) => ({ date, conversations: 0, messages: 0 })));
    expect(a.totals).toEqual({ conversations: 0, messages: 0, visitorQuestions: 0 });
    expect(a.answers).toEqual({ answered: 0, fallback: 0, answeredRate: null, fallbackRate: null });
    expect(a.resolution).toEqual({ assumed: { count: 0, rate: null }, confirmed: { count: 0, rate: null } });
    expect(a.topQuestions).toEqual([]);
    expect(a.topSources).toEqual([]);
    expect(a.weekdayHours).toEqual(Array.from({ length: 7 }, () => Array(24).fill(0)));
  });

  it('defaults to the last 30 days up to today in UTC, and names the zone canonically', async () => {
    const today = todayIn('UTC');
    expect((await figures({})).range).toEqual({ from: addDays(today, -29), to: today, tz: 'UTC', days: 30 });
    const paris = await figures({ tz: 'europe/paris', to: '2024-03-31' });
    expect(paris.range).toEqual({ from: '2024-03-02', to: '2024-03-31', tz: 'Europe/Paris', days: 30 });
    // 366 days (a leap year) is the longest period.
    expect((await figures({ from: '2024-01-01', to: '2024-12-31' })).range.days).toBe(366);
  });

  it('refuses bad dates, an unknown zone, a reversed or too long period with the field at fault', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ from: '2024-02-30' }, 'from', 'from must be a date written YYYY-MM-DD'],
      [{ to: 'yesterday' }, 'to', 'to must be a date written YYYY-MM-DD'],
      [{ tz: 'Mars/Olympus_Mons' }, 'tz', 'tz must be an IANA time zone such as Europe/Paris'],
      [{ from: '2024-03-11', to: '2024-03-09' }, 'from', 'The start date must be on or before the end date'],
      [{ from: '2023-01-01', to: '2024-01-02' }, 'to', 'The period can cover at most 366 days'],
      // Past 9999 the day after reads "+010000-01-01"; before 1970 day numbers turn negative.
      [{ from: '9999-12-25', to: '9998-12-31' }, 'from', 'from must be a date written YYYY-MM-DD'],
      [{ from: '9998-12-25', to: '9999-12-31' }, 'to', 'to must be a date written YYYY-MM-DD'],
      [{ from: '1969-12-01', to: '1970-01-10' }, 'from', 'from must be a date written YYYY-MM-DD'],
    ];
    for (const [query, field, message] of cases) {
      const res = await read(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      const body = await validationErrorOf(res);
      expect(body.message).toBe(message);
      expect(body.details.fieldErrors).toEqual({ [field]: [message] });
    }
  });

  it('answers for the first and last weeks a date may name, in zones on either side of UTC', async () => {
    const first = await figures({ from: '1970-01-01', to: '1970-01-07', tz: 'Pacific/Kiritimati' });
    expect(first.daily.map((d) => d.date)).toEqual(['1970-01-01', '1970-01-02', '1970-01-03', '1970-01-04', '1970-01-05', '1970-01-06', '1970-01-07']);
    const last = await figures({ from: '9998-12-25', to: '9998-12-31', tz: 'America/Los_Angeles' });
    expect(last.daily.map((d) => d.date)).toEqual(['9998-12-25', '9998-12-26', '9998-12-27', '9998-12-28', '9998-12-29', '9998-12-30', '9998-12-31']);
    expect(last.totals).toEqual({ conversations: 0, messages: 0, visitorQuestions: 0 });
  });

  it('answers 404 for another owner’s bot exactly as for a missing one, and 401 signed out', async () => {
    const stranger = await createUserAndCookie();
    const foreign = await read(NEW_YORK, stranger.cookie);
    const missing = await read(NEW_YORK, owner.cookie, '6b1f4c55-0000-4000-8000-000000000000');
    expect([foreign.status, await errorOf(foreign)]).toEqual([404, { message: 'Chatbot not found' }]);
    expect([missing.status, await errorOf(missing)]).toEqual([404, { message: 'Chatbot not found' }]);
    const csv = await analytics['export.csv'].$get({ param: { guid: bot.guid }, query: NEW_YORK }, withCookie(stranger.cookie));
    expect(csv.status).toBe(404);
    expect((await analytics.$get({ param: { guid: bot.guid }, query: NEW_YORK })).status).toBe(401);
  });
});

describe('GET /api/chatbots/{guid}/analytics/export.csv', () => {
  it('downloads every figure as sections of one CSV named after the bot and the period', async () => {
    const res = await analytics['export.csv'].$get({ param: { guid: bot.guid }, query: NEW_YORK }, withCookie(owner.cookie));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="harbor-help-analytics-2024-03-09-2024-03-11.csv"');
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(text.startsWith('\uFEFFAnalytics,Harbor Help\r\nFrom,2024-03-09\r\nTo,2024-03-11\r\nTime zone,America/New_York\r\n')).toBe(true);
    const sections = Object.fromEntries(
      text
        .slice(1)
        .split('\r\n\r\n')
        .map((block) => {
          const [title, ...rows] = block.trimEnd().split('\r\n');
          return [title, rows];
        }),
    );
    expect(sections.Summary).toEqual([
      'Figure,Count,Rate',
      'Conversations,6,',
      'Messages,20,',
      'Visitor questions,8,',
      'Answered,6,85.7%',
      'Fallback,1,14.3%',
      'Assumed resolution,2,33.3%',
      'Confirmed resolution,1,16.7%',
      'Thumbs up,1,',
      'Thumbs down,1,',
      'Leads captured,1,',
      'Unanswered questions,0,',
    ]);
    expect(sections.Daily).toEqual(['Date,Conversations,Messages', '2024-03-09,2,6', '2024-03-10,2,7', '2024-03-11,2,7']);
    expect(sections['Busiest hours']).toHaveLength(25);
    expect(sections['Busiest hours'].slice(9, 11)).toEqual(['08:00,0', '09:00,4']);
    expect(sections['Visitor questions by weekday and hour'][0]).toBe(`Weekday,${[...Array(24).keys()].map((h) => String(h).padStart(2, '0')).join(',')}`);
    expect(sections['Visitor questions by weekday and hour'][1]).toBe(`Monday,${[...Array(24).keys()].map((h) => (h === 9 ? 2 : h === 22 ? 1 : 0)).join(',')}`);
    expect(sections['Top questions'].slice(0, 3)).toEqual([
      'Rank,Question,Times asked,Wordings',
      '1,How do I reset my password,3,"How do I reset my password (2)\nHow can I reset my account password? (1)"',
      '2,opening hours?,2,opening hours? (2)',
    ]);
    expect(sections['Most cited sources']).toEqual([
      'Rank,Title,URL,Answers citing it',
      '1,Opening hours,https://help.example/hours,3',
      '2,Account help,https://help.example/account,2',
      '3,Parking,https://help.example/parking,1',
      '4,Shipping,,1',
    ]);
  });

  it('validates the period like the figures do', async () => {
    const res = await analytics['export.csv'].$get({ param: { guid: bot.guid }, query: { tz: 'Nowhere/Else' } }, withCookie(owner.cookie));
    expect(res.status).toBe(400);
    expect((await validationErrorOf(res)).details.fieldErrors).toEqual({ tz: ['tz must be an IANA time zone such as Europe/Paris'] });
  });

  it('names the file after the bot as a file slug, in ASCII and as written in filename*', () => {
    expect(analyticsDisposition('Café "Bot"', { from: '2024-01-01', to: '2024-01-31' })).toBe(
      `attachment; filename="cafe-bot-analytics-2024-01-01-2024-01-31.csv"; filename*=UTF-8''caf%C3%A9-bot-analytics-2024-01-01-2024-01-31.csv`,
    );
  });
});
