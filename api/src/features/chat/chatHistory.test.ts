import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HistoryExport, HistorySession } from '@parley/contracts';

process.env.RATE_LIMIT_CHAT_PER_MINUTE = '0';
process.env.RATE_LIMIT_SESSION_PER_MINUTE = '0';
const { client, withCookie, errorOf, newBot, newSessionId, owner } = await import('./testing/chatKit');
const { db } = await import('../../db/client');
const { execute } = await import('../../db/raw');
const { chatMessages, chatSessions } = await import('../../db/schema');

const sessions = client.api.chatbots[':guid'].sessions;
const chat = client.api.chat;

type Bot = Awaited<ReturnType<typeof newBot>>;
type Flags = Partial<Pick<typeof chatSessions.$inferInsert, 'hasFallback' | 'hasHandoff' | 'hasThumbsDown' | 'hasThumbsUp' | 'hasLead' | 'isTest'>>;
type Message = Pick<typeof chatMessages.$inferInsert, 'sender' | 'content'> & Partial<typeof chatMessages.$inferInsert>;

/** A conversation stored directly, with chosen times and flags (the signals are tested elsewhere). */
async function seed(bot: Bot, { at, flags = {}, messages }: { at: string; flags?: Flags; messages: Message[] }) {
  const sessionId = newSessionId();
  const start = new Date(at);
  const end = new Date(start.getTime() + 60_000 * Math.max(0, messages.length - 1));
  const firstQuestion = messages.find((m) => m.sender === 'user' && (m.messageType ?? 'text') === 'text')?.content ?? null;
  await db
    .insert(chatSessions)
    .values({ sessionId, chatbotId: bot.id, messageCount: messages.length, createdAt: start, lastMessageAt: end, firstQuestion, ...flags });
  for (const [i, m] of messages.entries()) {
    await db.insert(chatMessages).values({ sessionId, chatbotId: bot.id, messageType: 'text', createdAt: new Date(start.getTime() + 60_000 * i), ...m });
  }
  return sessionId;
}

let cookie: string;
let bot: Bot;
const ids: Record<string, string> = {};

beforeAll(async () => {
  cookie = (await owner()).cookie;
  bot = await newBot(cookie, { name: 'Harbor Help' });
  ids.plain = await seed(bot, {
    at: '2024-03-01T09:00:00Z',
    messages: [
      { sender: 'user', content: 'When does the harbour office open?' },
      { sender: 'bot', content: 'The office opens at 8 am.', answerStatus: 'answered', feedback: 'up', metadata: { answerStatus: 'answered', sources: [{ title: 'Office hours', url: 'https://harbor.example/hours' }] } },
    ],
    flags: { hasThumbsUp: true },
  });
  ids.fallback = await seed(bot, {
    at: '2024-03-02T22:30:00Z',
    flags: { hasFallback: true, hasThumbsDown: true },
    messages: [
      { sender: 'user', content: 'Can I refuel my boat at night?' },
      { sender: 'bot', content: 'Sorry, I do not know that.', answerStatus: 'fallback', feedback: 'down', metadata: { answerStatus: 'fallback' } },
    ],
  });
  ids.handoff = await seed(bot, {
    at: '2024-03-03T12:00:00Z',
    flags: { hasHandoff: true, hasLead: true },
    messages: [
      { sender: 'user', content: 'I want to talk to a human about refunds' },
      { sender: 'bot', content: 'Please leave your details.', messageType: 'form', metadata: { title: 'Contact our team', formFields: [{ id: 'name', label: 'Name', type: 'text' }, { id: 'email', label: 'Email', type: 'email' }] } },
      {
        sender: 'user',
        content: 'Contact our team\nName: Vera\nEmail: vera@example.com',
        messageType: 'system',
        metadata: { formSubmissionId: 1, formTitle: 'Contact our team', formData: [{ id: 'name', label: 'Name', value: 'Vera' }, { id: 'email', label: 'Email', value: 'vera@example.com' }] },
      },
    ],
  });
  ids.test = await seed(bot, {
    at: '2024-03-04T12:00:00Z',
    flags: { isTest: true, hasFallback: true },
    messages: [
      { sender: 'user', content: 'Testing refunds AND returns OR NEAR content: "quotes"' },
      { sender: 'bot', content: 'Pick one:', messageType: 'menu', metadata: { options: [{ id: 'a', text: 'North pier' }, { id: 'b', text: 'South pier' }], selection: { optionId: 'b', optionText: 'South pier' } } },
    ],
  });
  // Opened, never used: not a conversation.
  await db.insert(chatSessions).values({ sessionId: newSessionId(), chatbotId: bot.id, createdAt: new Date('2024-03-02T00:00:00Z'), lastMessageAt: new Date('2024-03-02T00:00:00Z') });
  // Another bot's conversation about refunds: never found from this bot.
  const other = await newBot(cookie, { name: 'Other bot', isActive: false });
  await seed(other, { at: '2024-03-03T12:00:00Z', flags: { hasFallback: true }, messages: [{ sender: 'user', content: 'refunds refunds refunds' }] });
});

async function list(query: Record<string, string> = {}) {
  const res = await sessions.$get({ param: { guid: bot.guid }, query }, withCookie(cookie));
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

const idsOf = (page: { sessions: HistorySession[] }) => page.sessions.map((s) => s.sessionId);

describe('history list', () => {
  it('gives each conversation its first question and flags, newest activity first', async () => {
    const page = await list();
    expect(idsOf(page)).toEqual([ids.test, ids.handoff, ids.fallback, ids.plain]);
    const byId = Object.fromEntries(page.sessions.map((s) => [s.sessionId, s]));
    expect(byId[ids.plain]).toEqual({
      id: expect.any(Number),
      sessionId: ids.plain,
      messageCount: 2,
      createdAt: '2024-03-01T09:00:00.000Z',
      lastMessageAt: '2024-03-01T09:01:00.000Z',
      isTest: false,
      firstQuestion: 'When does the harbour office open?',
      flags: { unanswered: false, thumbsDown: false, lead: false, test: false },
      match: null,
      identity: null,
    });
    expect(byId[ids.fallback]!.flags).toEqual({ unanswered: true, thumbsDown: true, lead: false, test: false });
    expect(byId[ids.handoff]!.flags).toEqual({ unanswered: true, thumbsDown: false, lead: true, test: false });
    expect(byId[ids.test]!.flags).toEqual({ unanswered: true, thumbsDown: false, lead: false, test: true });
    expect(page.statistics).toEqual({ totalMessages: 9, avgMessagesPerChat: 2.3, longestChat: 3, latestActivity: '2024-03-04T12:01:00.000Z' });
  });

  it('cuts a long first question', async () => {
    const chatty = await newBot(cookie, { name: 'Chatty', isActive: false });
    await seed(chatty, { at: '2023-01-01T00:00:00Z', messages: [{ sender: 'user', content: `${'why '.repeat(100)}?` }] });
    const [item] = (await (await sessions.$get({ param: { guid: chatty.guid }, query: {} }, withCookie(cookie))).json()).sessions;
    expect([...item!.firstQuestion!]).toHaveLength(200);
    expect(item!.firstQuestion).toBe(`${'why '.repeat(50).trimEnd()}…`);
  });

  it('keeps conversations having every listed flag, and the count and totals follow', async () => {
    expect(idsOf(await list({ flags: 'unanswered' }))).toEqual([ids.test, ids.handoff, ids.fallback]);
    expect(idsOf(await list({ flags: 'thumbs_down' }))).toEqual([ids.fallback]);
    expect(idsOf(await list({ flags: 'lead' }))).toEqual([ids.handoff]);
    expect(idsOf(await list({ flags: 'test' }))).toEqual([ids.test]);
    const both = await list({ flags: 'unanswered, lead,lead' });
    expect(idsOf(both)).toEqual([ids.handoff]);
    expect(both.pagination).toEqual({ totalCount: 1, currentPage: 1, totalPages: 1, hasPreviousPage: false, hasNextPage: false });
    expect(both.statistics).toEqual({ totalMessages: 3, avgMessagesPerChat: 3, longestChat: 3, latestActivity: '2024-03-03T12:02:00.000Z' });
    expect(idsOf(await list({ flags: 'lead,test' }))).toEqual([]);
    const paged = await list({ flags: 'unanswered', limit: '2', page: '2' });
    expect(idsOf(paged)).toEqual([ids.fallback]);
    expect(paged.pagination).toMatchObject({ totalCount: 3, currentPage: 2, totalPages: 2, hasPreviousPage: true, hasNextPage: false });
  });

  it('keeps conversations active during the days, counted in the owner’s time zone', async () => {
    // The fallback chat ran 22:30-22:31 UTC on 2 March: 3 March in Tokyo, 2 March in New York.
    expect(idsOf(await list({ from: '2024-03-02', to: '2024-03-02' }))).toEqual([ids.fallback]);
    expect(idsOf(await list({ from: '2024-03-03', to: '2024-03-03', tz: 'Asia/Tokyo' }))).toEqual([ids.handoff, ids.fallback]);
    expect(idsOf(await list({ from: '2024-03-02', to: '2024-03-02', tz: 'America/New_York' }))).toEqual([ids.fallback]);
    expect(idsOf(await list({ from: '2024-03-03' }))).toEqual([ids.test, ids.handoff]);
    expect(idsOf(await list({ to: '2024-03-01' }))).toEqual([ids.plain]);
    const day = await list({ from: '2024-03-01', to: '2024-03-01', flags: 'unanswered' });
    expect(day.sessions).toEqual([]);
    expect(day.statistics).toEqual({ totalMessages: 0, avgMessagesPerChat: 0, longestChat: 0, latestActivity: null });
  });

  it('searches every message of the bot’s conversations, with a marked snippet of the first hit', async () => {
    const refunds = await list({ q: 'refunds' });
    expect(idsOf(refunds)).toEqual([ids.test, ids.handoff]);
    const hit = refunds.sessions.find((s) => s.sessionId === ids.handoff)!.match!;
    expect(hit.sender).toBe('user');
    expect(hit.parts).toEqual([
      { text: 'I want to talk to a human about ', hit: false },
      { text: 'refunds', hit: true },
    ]);
    // Stemmed words, a prefix for the last word, every word required.
    expect(idsOf(await list({ q: 'refund' }))).toEqual([ids.test, ids.handoff]);
    expect(idsOf(await list({ q: 'harb' }))).toEqual([ids.plain]);
    expect(idsOf(await list({ q: 'office 8 am' }))).toEqual([ids.plain]);
    expect(idsOf(await list({ q: 'refuel office' }))).toEqual([]);
    // Quotes keep words together; bot answers and sent forms are searched too.
    expect(idsOf(await list({ q: '"opens at 8"' }))).toEqual([ids.plain]);
    expect(idsOf(await list({ q: '"at opens"' }))).toEqual([]);
    expect(idsOf(await list({ q: 'vera@example.com' }))).toEqual([ids.handoff]);
    // FTS5 operators and column names are plain words here.
    expect(idsOf(await list({ q: 'AND OR NEAR content: "quotes' }))).toEqual([ids.test]);
    expect(idsOf(await list({ q: 'chatbot_id' }))).toEqual([]);
    // tsquery operators and quotes too.
    expect(idsOf(await list({ q: "refunds O'Brien & | !" }))).toEqual([]);
    // Search, flags and paging together.
    const narrowed = await list({ q: 'refunds', flags: 'lead' });
    expect(idsOf(narrowed)).toEqual([ids.handoff]);
    expect(narrowed.pagination.totalCount).toBe(1);
    expect(narrowed.statistics.totalMessages).toBe(3);
  });

  it('refuses bad filters with the field at fault', async () => {
    const bad = async (query: Record<string, string>, field: string, message: string) => {
      const res = await sessions.$get({ param: { guid: bot.guid }, query }, withCookie(cookie));
      expect(res.status).toBe(400);
      const body = await errorOf(res);
      expect(body.message).toBe(message);
      expect(body.details).toMatchObject({ fieldErrors: { [field]: [message] } });
    };
    await bad({ flags: 'unanswered,happy' }, 'flags', 'flags must be a comma-separated list of unanswered, thumbs_down, lead, test');
    await bad({ from: '2024-02-30' }, 'from', 'from must be a date written YYYY-MM-DD');
    await bad({ to: '03/01/2024' }, 'to', 'to must be a date written YYYY-MM-DD');
    await bad({ from: '2024-03-02', to: '2024-03-01' }, 'to', 'The start date must be on or before the end date');
    await bad({ tz: 'Mars/Olympus' }, 'tz', 'tz must be an IANA time zone such as Europe/Paris');
    await bad({ q: '?!' }, 'q', 'Search for at least one letter or digit');
    await bad({ q: 'x'.repeat(201) }, 'q', 'Search for at most 200 characters');
  });
});

describe('exports', () => {
  it('exports one conversation as CSV: one readable row per message', async () => {
    const res = await chat[':sessionId'].export.$get({ param: { sessionId: ids.handoff }, query: { format: 'csv' } }, withCookie(cookie));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="harbor-help-conversation-${ids.handoff!.slice(-8)}.csv"`);
    const text = await rawText(res);
    expect(text.startsWith('\uFEFFSession,Started,Time,Sender,Type,Text,Feedback,Answer status,Sources,User ID,User name,User email\r\n')).toBe(true);
    expect(text.match(/\uFEFF/g)).toHaveLength(1);
    expect(parseCsv(text).slice(1)).toEqual([
      [ids.handoff, '2024-03-03T12:00:00.000Z', '2024-03-03T12:00:00.000Z', 'Visitor', 'Text', 'I want to talk to a human about refunds', '', '', '', '', '', ''],
      [ids.handoff, '2024-03-03T12:00:00.000Z', '2024-03-03T12:01:00.000Z', 'Bot', 'Form', 'Please leave your details.\nForm: Contact our team\nFields: Name | Email', '', '', '', '', '', ''],
      [ids.handoff, '2024-03-03T12:00:00.000Z', '2024-03-03T12:02:00.000Z', 'Visitor', 'Lead', 'Form sent: Contact our team\nName: Vera\nEmail: vera@example.com', '', '', '', '', '', ''],
    ]);
  });

  it('exports one conversation as JSON with its flags, and votes, statuses and sources in the CSV', async () => {
    const res = await chat[':sessionId'].export.$get({ param: { sessionId: ids.plain }, query: { format: 'json' } }, withCookie(cookie));
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="harbor-help-conversation-${ids.plain!.slice(-8)}.json"`);
    const body = (await res.json()) as unknown as HistoryExport;
    expect(body).toEqual({
      chatbot: { guid: bot.guid, name: 'Harbor Help' },
      exportedAt: expect.any(String),
      conversations: [
        {
          sessionId: ids.plain,
          startedAt: '2024-03-01T09:00:00.000Z',
          lastMessageAt: '2024-03-01T09:01:00.000Z',
          messageCount: 2,
          firstQuestion: 'When does the harbour office open?',
          flags: { unanswered: false, thumbsDown: false, lead: false, test: false },
          identity: null,
          messages: [
            { id: expect.any(Number), sender: 'user', messageType: 'text', content: 'When does the harbour office open?', metadata: null, feedback: null, answerStatus: null, createdAt: '2024-03-01T09:00:00.000Z' },
            {
              id: expect.any(Number),
              sender: 'bot',
              messageType: 'text',
              content: 'The office opens at 8 am.',
              metadata: { answerStatus: 'answered', sources: [{ title: 'Office hours', url: 'https://harbor.example/hours' }] },
              feedback: 'up',
              answerStatus: 'answered',
              createdAt: '2024-03-01T09:01:00.000Z',
            },
          ],
        },
      ],
    });
    const csv = parseCsv(await (await chat[':sessionId'].export.$get({ param: { sessionId: ids.plain }, query: {} }, withCookie(cookie))).text());
    expect(csv[2]!.slice(3)).toEqual(['Bot', 'Text', 'The office opens at 8 am.', 'Thumbs up', 'Answered', 'Office hours (https://harbor.example/hours)', '', '', '']);
    const menu = parseCsv(await (await chat[':sessionId'].export.$get({ param: { sessionId: ids.test }, query: {} }, withCookie(cookie))).text());
    expect(menu[2]!.slice(4, 6)).toEqual(['Menu', 'Pick one:\nOptions: North pier | South pier\nChosen: South pier']);
  });

  it('exports every conversation the filters select, across batches, without repeating one', async () => {
    const many = await newBot(cookie, { name: 'Busy Bôt!', isActive: false });
    const seeded: string[] = [];
    for (let i = 0; i < 450; i++) {
      seeded.push(
        await seed(many, {
          at: new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString(),
          flags: { hasLead: i % 3 === 0 },
          messages: [
            { sender: 'user', content: `Question number ${i}, with "quotes", and =SUM(1)` },
            { sender: 'bot', content: `Answer ${i}` },
          ],
        }),
      );
    }
    const csvRes = await sessions.export.$get({ param: { guid: many.guid }, query: { format: 'csv' } }, withCookie(cookie));
    expect(csvRes.headers.get('content-disposition')).toMatch(
      /^attachment; filename="busy-bot-conversations-(\d{4}-\d{2}-\d{2})\.csv"; filename\*=UTF-8''busy-b%C3%B4t-conversations-\1\.csv$/,
    );
    const text = await rawText(csvRes);
    expect(text.match(/\uFEFF/g)).toHaveLength(1);
    const rows = parseCsv(text).slice(1);
    expect(rows).toHaveLength(900);
    expect([...new Set(rows.map((r) => r[0]))]).toEqual(seeded);
    expect(rows[0]![5]).toBe('Question number 0, with "quotes", and =SUM(1)');

    const leads = await sessions.export.$get({ param: { guid: many.guid }, query: { format: 'json', flags: 'lead' } }, withCookie(cookie));
    expect(leads.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = (await leads.json()) as unknown as HistoryExport;
    expect(body.chatbot.name).toBe('Busy Bôt!');
    expect(body.conversations.map((c) => c.sessionId)).toEqual(seeded.filter((_, i) => i % 3 === 0));
    expect(body.conversations.every((c) => c.flags.lead && c.messages.length === 2)).toBe(true);

    const searched = await sessions.export.$get({ param: { guid: many.guid }, query: { format: 'json', q: '"number 449"' } }, withCookie(cookie));
    expect(((await searched.json()) as unknown as HistoryExport).conversations.map((c) => c.sessionId)).toEqual([seeded[449]]);
    const none = await sessions.export.$get({ param: { guid: many.guid }, query: { format: 'json', from: '2030-01-01' } }, withCookie(cookie));
    expect(((await none.json()) as unknown as HistoryExport).conversations).toEqual([]);
  });

  it('searches with control characters stripped instead of failing the query', async () => {
    expect(idsOf(await list({ q: 'refu\u0000nds\u0001' }))).toEqual([ids.test, ids.handoff]);
    const res = await sessions.export.$get({ param: { guid: bot.guid }, query: { format: 'json', q: 'zq\u0000x' } }, withCookie(cookie));
    expect(res.status).toBe(200);
    expect(((await res.json()) as unknown as HistoryExport).conversations).toEqual([]);
    expect(idsOf(await list({ q: 'refunds"human' }))).toEqual([]);
    expect(idsOf(await list({ q: 'human"about' }))).toEqual([ids.handoff]);
  });

  it('answers an error status, not a download, when the first batch cannot be read', async () => {
    const broken = await newBot(cookie, { name: 'Broken', isActive: false });
    const sessionId = await seed(broken, { at: '2024-01-01T00:00:00Z', messages: [{ sender: 'user', content: 'Hello' }] });
    await corruptMessages(sessionId);
    for (const format of ['csv', 'json'] as const) {
      const res = await sessions.export.$get({ param: { guid: broken.guid }, query: { format } }, withCookie(cookie));
      expect(res.status).toBe(500);
      expect(res.headers.get('content-disposition')).toBeNull();
      const one = await chat[':sessionId'].export.$get({ param: { sessionId }, query: { format } }, withCookie(cookie));
      expect(one.status).toBe(500);
    }
  });

  it('breaks the download off, instead of ending it cleanly, when a later batch fails', async () => {
    const broken = await newBot(cookie, { name: 'Broken later', isActive: false });
    const seeded: string[] = [];
    for (let i = 0; i < 201; i++) {
      seeded.push(await seed(broken, { at: new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString(), messages: [{ sender: 'user', content: `Question ${i}` }] }));
    }
    await corruptMessages(seeded[200]!);
    for (const format of ['csv', 'json'] as const) {
      const res = await sessions.export.$get({ param: { guid: broken.guid }, query: { format } }, withCookie(cookie));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="broken-later-conversations-/);
      await expect(res.text()).rejects.toThrow();
    }
  });

  it('refuses bad formats and filters, strangers and signed-out callers', async () => {
    const stranger = (await owner()).cookie;
    const one = { param: { sessionId: ids.plain! }, query: { format: 'csv' as const } };
    expect((await chat[':sessionId'].export.$get(one, withCookie(stranger))).status).toBe(404);
    expect((await chat[':sessionId'].export.$get(one)).status).toBe(401);
    expect((await chat[':sessionId'].export.$get({ param: { sessionId: newSessionId() }, query: {} }, withCookie(cookie))).status).toBe(404);
    const all = { param: { guid: bot.guid }, query: { format: 'csv' as const } };
    expect((await sessions.export.$get(all, withCookie(stranger))).status).toBe(404);
    expect((await sessions.export.$get(all)).status).toBe(401);
    const badFormat = await chat[':sessionId'].export.$get({ param: { sessionId: ids.plain! }, query: { format: 'xml' as 'csv' } }, withCookie(cookie));
    expect(badFormat.status).toBe(400);
    expect((await errorOf(badFormat)).message).toBe('format must be csv or json');
    const badFilter = await sessions.export.$get({ param: { guid: bot.guid }, query: { format: 'csv', flags: 'nope' } }, withCookie(cookie));
    expect(badFilter.status).toBe(400);
  });
});

/**
 * Stored message times past the last date JavaScript can hold (either database's column takes
 * them): writing the session's messages out throws.
 */
async function corruptMessages(sessionId: string) {
  await execute(sql`UPDATE chat_messages SET created_at = ${Number.MAX_SAFE_INTEGER} WHERE session_id = ${sessionId}`);
}

/** The body as sent, byte-order mark included (`Response.text()` drops it). */
async function rawText(res: { arrayBuffer(): Promise<ArrayBuffer> }) {
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
}

/** Reads RFC 4180 CSV (quoted fields may hold commas, quotes and line breaks); drops the byte-order mark. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && body[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  return rows;
}
