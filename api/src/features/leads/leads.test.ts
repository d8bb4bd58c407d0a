import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startLocalSmtp } from '../../../test/localSmtp';
import { readMail } from '../../../test/readMail';

// SMTP_URL and PUBLIC_URL must be set before env.ts is first imported.
const smtp = await startLocalSmtp();
process.env.SMTP_URL = smtp.url;
process.env.SMTP_FROM = 'Parley <leads@parley.test>';
process.env.PUBLIC_URL = 'https://parley.example.com';
process.env.RATE_LIMIT_CHAT_PER_MINUTE = '0';
process.env.RATE_LIMIT_SESSION_PER_MINUTE = '0';
const kit = await import('../chat/testing/chatKit');
const { client, errorOf, untyped, validationErrorOf, withCookie } = await import('../../../test/helpers');
const { db } = await import('../../db/client');
const { chatSessions, emailOutbox, subscriptions, users } = await import('../../db/schema');
const { seedDefaultChatbot } = await import('../public/defaultChatbot');

/** An admin: the first account of the install is one; this test makes another by hand. */
async function adminOwner() {
  const o = await kit.owner();
  await db.update(users).set({ isAdmin: true }).where(eq(users.id, o.user.id));
  return o;
}

/** Waits until the outbox has sent every queued mail (the visitor's answer does not wait for it). */
async function mailSettled() {
  await vi.waitFor(async () => expect(await db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.status, 'pending'))).toEqual([{ n: 0 }]));
}

/** An owner on the Basic plan (3 bots), for tests that need more than Free's one bot. */
async function basicOwner() {
  const o = await kit.owner();
  await db.update(subscriptions).set({ planId: 'basic' }).where(eq(subscriptions.userId, o.user.id));
  return o;
}

afterAll(() => smtp.close());

const { leads, chatbots } = client.api;

type Field = { id: string; label: string; type: string; value: string };
const handoff = (name: string, email: string, message: string): Field[] => [
  { id: 'name', label: 'Name', type: 'text', value: name },
  { id: 'email', label: 'Email', type: 'email', value: email },
  { id: 'message', label: 'Message', type: 'textarea', value: message },
];

async function submit(guid: string, formData: Field[], formTitle = 'Contact our team', sessionId?: string) {
  const id = sessionId ?? (await kit.openSession(guid));
  const res = await client.api.chat[':sessionId']['submit-form'].$post({ param: { sessionId: id }, json: { formTitle, formData } });
  expect(res.status).toBe(200);
  const answer = await res.json();
  await mailSettled();
  return { sessionId: id, answer };
}

/** A session the owner opens from their Test page (Parley's own origin, with a test token). */
async function openTestSession(cookie: string, guid: string) {
  const token = await chatbots[':guid']['test-token'].$post({ param: { guid } }, withCookie(cookie));
  expect(token.status).toBe(201);
  const opened = await client.api.chat.session.$post(
    { json: { sessionId: kit.newSessionId(), chatbotConfigId: guid, testToken: (await token.json()).token } },
    { headers: { origin: 'https://parley.example.com' } },
  );
  expect(opened.status).toBe(201);
  return (await opened.json()).sessionId;
}

async function unreadCount(cookie: string) {
  const res = await leads['unread-count'].$get(undefined, withCookie(cookie));
  expect(res.status).toBe(200);
  return res.json();
}

async function listAll(cookie: string, query: { page?: string; limit?: string } = {}) {
  const res = await leads.$get({ query }, withCookie(cookie));
  expect(res.status).toBe(200);
  return res.json();
}

async function listBot(cookie: string, guid: string) {
  const res = await chatbots[':guid'].leads.$get({ param: { guid }, query: {} }, withCookie(cookie));
  expect(res.status).toBe(200);
  return res.json();
}

async function exportCsv(cookie: string, chatbot?: string) {
  const res = await leads['export.csv'].$get({ query: chatbot ? { chatbot } : {} }, withCookie(cookie));
  // Decoded by hand: Response.text() would drop the byte-order mark the test checks.
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
  return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), text };
}

describe('Leads inbox', () => {
  it('lists form submissions newest first, per bot and across bots, with the fields picked out', async () => {
    const o = await basicOwner();
    const kettles = await kit.newBot(o.cookie, { name: 'Kettle Help' });
    const boats = await kit.newBot(o.cookie, { name: 'Boat Help' });
    const first = await submit(kettles.guid, handoff('Ada Lovelace', 'ada@example.com', 'Please call me about a kettle.'));
    const second = await submit(boats.guid, handoff('Grace Hopper', 'grace@example.com', 'I need a mooring for June.'));
    const third = await submit(
      kettles.guid,
      [
        { id: 'name', label: 'Name', type: 'text', value: 'Alan Turing' },
        { id: 'email', label: 'Email', type: 'email', value: 'alan@example.com' },
        { id: 'message', label: 'Message', type: 'textarea', value: 'My kettle whistles in binary.' },
      ],
      'Contact Request - Message Limit Exceeded',
    );

    const all = await listAll(o.cookie);
    expect(all.leads.map((l) => l.name)).toEqual(['Alan Turing', 'Grace Hopper', 'Ada Lovelace']);
    // Whether mail is configured is read from /api/system/status, not repeated here.
    expect(all).not.toHaveProperty('emailConfigured');
    expect(all).toMatchObject({
      unreadCount: 3,
      pagination: { totalCount: 3, currentPage: 1, totalPages: 1, hasPreviousPage: false, hasNextPage: false },
    });
    expect(all.leads[0]).toEqual({
      id: expect.any(Number),
      chatbotGuid: kettles.guid,
      chatbotName: 'Kettle Help',
      fromParleyBot: false,
      sessionId: third.sessionId,
      formTitle: 'Contact Request - Message Limit Exceeded',
      fields: [
        { id: 'name', label: 'Name', value: 'Alan Turing' },
        { id: 'email', label: 'Email', value: 'alan@example.com' },
        { id: 'message', label: 'Message', value: 'My kettle whistles in binary.' },
      ],
      name: 'Alan Turing',
      email: 'alan@example.com',
      message: 'My kettle whistles in binary.',
      emailSent: true,
      isTest: false,
      read: false,
      readAt: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    const kettleLeads = await listBot(o.cookie, kettles.guid);
    expect(kettleLeads.leads.map((l) => l.sessionId)).toEqual([third.sessionId, first.sessionId]);
    expect(kettleLeads.unreadCount).toBe(2);
    const boatLeads = await listBot(o.cookie, boats.guid);
    expect(boatLeads.leads.map((l) => [l.chatbotName, l.email])).toEqual([['Boat Help', 'grace@example.com']]);
    // The visitor's answer comes before the mail is sent; the lead says "emailed" once it is.
    expect(second.answer).toMatchObject({ success: true, emailSent: false });
    expect(boatLeads.leads[0].emailSent).toBe(true);

    const page2 = await listAll(o.cookie, { page: '2', limit: '2' });
    expect(page2.leads.map((l) => l.name)).toEqual(['Ada Lovelace']);
    expect(page2.pagination).toEqual({ totalCount: 3, currentPage: 2, totalPages: 2, hasPreviousPage: true, hasNextPage: false });
  });

  it('marks a lead read and unread, and the unread count follows', async () => {
    const o = await kit.owner();
    const bot = await kit.newBot(o.cookie);
    await submit(bot.guid, handoff('Read Me', 'read@example.com', 'Open this one.'));
    await submit(bot.guid, handoff('Leave Me', 'leave@example.com', 'Leave this one.'));
    const [newest, older] = (await listAll(o.cookie)).leads;

    const opened = await leads[':id'].$patch({ param: { id: String(older.id) }, json: { read: true } }, withCookie(o.cookie));
    expect(opened.status).toBe(200);
    expect(await opened.json()).toMatchObject({ id: older.id, name: 'Read Me', read: true, readAt: expect.stringMatching(/T/) });
    expect((await listAll(o.cookie)).unreadCount).toBe(1);
    expect((await listAll(o.cookie)).leads.map((l) => l.read)).toEqual([false, true]);

    const unread = await leads[':id'].$patch({ param: { id: String(older.id) }, json: { read: false } }, withCookie(o.cookie));
    expect(await unread.json()).toMatchObject({ id: older.id, read: false, readAt: null });
    expect((await listAll(o.cookie)).unreadCount).toBe(2);
    expect(newest.name).toBe('Leave Me');
  });

  it('refuses bad input with the usual error shape', async () => {
    const o = await kit.owner();
    const badId = await leads[':id'].$patch({ param: { id: 'abc' }, json: { read: true } }, withCookie(o.cookie));
    expect(badId.status).toBe(400);
    expect((await validationErrorOf(badId)).message).toBe('Lead id must be a number');
    const badBody = await leads[':id'].$patch({ param: { id: '1' }, json: { read: untyped<boolean>('yes') } }, withCookie(o.cookie));
    expect(badBody.status).toBe(400);
    expect((await validationErrorOf(badBody)).details.fieldErrors.read).toEqual(['read must be true or false']);
    const badPage = await leads.$get({ query: { limit: '500' } }, withCookie(o.cookie));
    expect(badPage.status).toBe(400);
    expect((await errorOf(badPage)).message).toBe('limit must be between 1 and 100');
    const signedOut = await leads.$get({ query: {} });
    expect(signedOut.status).toBe(401);
  });

  it("answers 404 for another owner's bot or lead and shows them nothing", async () => {
    const a = await kit.owner();
    const b = await kit.owner();
    const bot = await kit.newBot(a.cookie, { name: 'Private' });
    await submit(bot.guid, handoff('Secret Sam', 'sam@example.com', 'Only my owner may read this.'));
    const [lead] = (await listAll(a.cookie)).leads;

    const read = await chatbots[':guid'].leads.$get({ param: { guid: bot.guid }, query: {} }, withCookie(b.cookie));
    expect(read.status).toBe(404);
    expect((await errorOf(read)).message).toBe('Chatbot not found');
    const mark = await leads[':id'].$patch({ param: { id: String(lead.id) }, json: { read: true } }, withCookie(b.cookie));
    expect(mark.status).toBe(404);
    expect((await errorOf(mark)).message).toBe('Lead not found');
    expect((await exportCsv(b.cookie, bot.guid)).status).toBe(404);
    expect(await listAll(b.cookie)).toMatchObject({ leads: [], unreadCount: 0 });
    expect((await exportCsv(b.cookie)).text).not.toContain('Secret Sam');
    expect((await listAll(a.cookie)).leads[0].read).toBe(false);
  });
});

describe("leads of Parley's own bot", () => {
  it("reach every admin's inbox, the bot's own list and the CSV, but no other owner's", async () => {
    const admin = await adminOwner();
    const owner = await kit.owner();
    const system = await seedDefaultChatbot();
    const { sessionId } = await submit(system.guid, handoff('Demo Dora', 'dora@example.com', 'Tried the demo, want a call.'));

    const inbox = await listAll(admin.cookie);
    expect(inbox.leads.map((l) => [l.name, l.chatbotGuid, l.sessionId, l.fromParleyBot])).toEqual([['Demo Dora', system.guid, sessionId, true]]);
    expect(inbox.unreadCount).toBe(1);
    expect(await unreadCount(admin.cookie)).toBe(1);
    const own = await listBot(admin.cookie, system.guid);
    expect(own.leads.map((l) => l.name)).toEqual(['Demo Dora']);
    expect((await exportCsv(admin.cookie)).text).toContain('Demo Dora');
    expect((await exportCsv(admin.cookie, system.guid)).text).toContain('Demo Dora');
    const read = await leads[':id'].$patch({ param: { id: String(inbox.leads[0].id) }, json: { read: true } }, withCookie(admin.cookie));
    expect(read.status).toBe(200);
    expect(await unreadCount(admin.cookie)).toBe(0);

    // A plain owner sees none of it.
    expect(await listAll(owner.cookie)).toMatchObject({ leads: [], unreadCount: 0 });
    expect(await unreadCount(owner.cookie)).toBe(0);
    const foreign = await chatbots[':guid'].leads.$get({ param: { guid: system.guid }, query: {} }, withCookie(owner.cookie));
    expect(foreign.status).toBe(404);
    expect((await errorOf(foreign)).message).toBe('Chatbot not found');
    expect((await exportCsv(owner.cookie, system.guid)).status).toBe(404);
    const mark = await leads[':id'].$patch({ param: { id: String(inbox.leads[0].id) }, json: { read: false } }, withCookie(owner.cookie));
    expect(mark.status).toBe(404);
  });

  it('are mailed with a link to the Leads inbox and none to a history page no one can open', async () => {
    const system = await seedDefaultChatbot();
    const before = smtp.received.length;
    const { sessionId } = await submit(system.guid, handoff('Link Lena', 'lena@example.com', 'Which links do I get?'));
    const [mail] = smtp.received.slice(before).map((m) => readMail(m.raw));
    expect(mail).toContain('All leads: https://parley.example.com/leads');
    expect(mail).toContain(`Conversation: ${sessionId}`);
    expect(mail).not.toContain('This conversation:');
    expect(mail).not.toContain('/history');
  });
});

describe('leads from test chats', () => {
  it('are labelled isTest, marked in the CSV and left out of the unread counts', async () => {
    const o = await kit.owner();
    const bot = await kit.newBot(o.cookie, { name: 'Tested Bot' });
    const testSession = await openTestSession(o.cookie, bot.guid);
    await submit(bot.guid, handoff('Owner Testing', 'owner@example.com', 'Does the form work?'), 'Contact our team', testSession);
    const visitor = await submit(bot.guid, handoff('Real Visitor', 'real@example.com', 'A real question.'));

    const all = await listAll(o.cookie);
    expect(all.leads.map((l) => [l.name, l.isTest, l.read])).toEqual([
      ['Real Visitor', false, false],
      ['Owner Testing', true, false],
    ]);
    expect(all.unreadCount).toBe(1);
    expect((await listBot(o.cookie, bot.guid)).unreadCount).toBe(1);
    expect(await unreadCount(o.cookie)).toBe(1);
    expect(all.pagination.totalCount).toBe(2);

    const csv = (await exportCsv(o.cookie)).text;
    expect(csv).toContain(`,yes,no,yes,${testSession}\r\n`);
    expect(csv).toContain(`,yes,no,no,${visitor.sessionId}\r\n`);

    // A lead whose conversation was deleted is kept, and counts as a visitor's.
    await db.delete(chatSessions).where(eq(chatSessions.sessionId, visitor.sessionId));
    const after = await listAll(o.cookie);
    expect(after.leads.map((l) => [l.name, l.isTest])).toEqual([
      ['Real Visitor', false],
      ['Owner Testing', true],
    ]);
    expect(await unreadCount(o.cookie)).toBe(1);
  });
});

describe('unread count', () => {
  it('is a bare number for the signed-in owner only', async () => {
    const o = await kit.owner();
    const bot = await kit.newBot(o.cookie);
    expect(await unreadCount(o.cookie)).toBe(0);
    await submit(bot.guid, handoff('One', 'one@example.com', 'First.'));
    await submit(bot.guid, handoff('Two', 'two@example.com', 'Second.'));
    const res = await leads['unread-count'].$get(undefined, withCookie(o.cookie));
    expect(await res.text()).toBe('2');
    expect((await leads['unread-count'].$get()).status).toBe(401);
  });
});

describe('the picked email', () => {
  it('is only ever a valid address, so the inbox can offer a reply', async () => {
    const o = await kit.owner();
    const bot = await kit.newBot(o.cookie);
    await submit(bot.guid, [
      { id: 'name', label: 'Name', type: 'text', value: 'Mixed Max' },
      { id: 'contact', label: 'E-mail or phone', type: 'text', value: 'call me on 555 1234' },
      { id: 'backup', label: 'Backup email', type: 'text', value: ' max@example.com ' },
      { id: 'message', label: 'Message', type: 'textarea', value: 'Either works.' },
    ]);
    await submit(bot.guid, [
      { id: 'name', label: 'Name', type: 'text', value: 'Phone Only' },
      { id: 'contact', label: 'Email', type: 'text', value: 'not an address' },
    ]);
    const [phone, mixed] = (await listAll(o.cookie)).leads;
    expect(mixed).toMatchObject({ name: 'Mixed Max', email: 'max@example.com' });
    expect(phone).toMatchObject({ name: 'Phone Only', email: null });
    expect(phone.fields).toContainEqual({ id: 'contact', label: 'Email', value: 'not an address' });
  });
});

describe('CSV export', () => {
  it('quotes commas, quotes and line breaks and neutralises formulas a visitor typed', async () => {
    const o = await basicOwner();
    const bot = await kit.newBot(o.cookie, { name: 'Csv, "Quoted" Bot' });
    const other = await kit.newBot(o.cookie, { name: 'Other' });
    const { sessionId } = await submit(bot.guid, handoff('=HYPERLINK("http://evil.test","Click")', 'eve@example.com', 'Line one,\nline "two"'));
    await submit(bot.guid, handoff('+1 555', 'at@example.com', '@SUM(A1:A2)'));
    await submit(bot.guid, handoff('-2+3', 'tab@example.com', '\tTabbed'));
    await submit(other.guid, handoff('Plain Person', 'plain@example.com', 'Nothing special here.'));

    const csv = await exportCsv(o.cookie, bot.guid);
    expect(csv.status).toBe(200);
    expect(csv.type).toBe('text/csv; charset=utf-8');
    expect(csv.disposition).toMatch(/^attachment; filename="leads-\d{4}-\d\d-\d\d\.csv"$/);
    expect(csv.text.startsWith('\uFEFF')).toBe(true);
    const lines = csv.text.slice(1).split('\r\n');
    expect(lines[0]).toBe('Received,Chatbot,Form,Name,Email,Message,All fields,Emailed,Read,Test,Session');
    expect(lines.at(-1)).toBe('');
    const body = lines.slice(1, -1);
    // Newest first; a record whose fields hold line breaks spans lines inside its quotes.
    expect(body[0]).toMatch(
      /^\d{4}-[^,]+,"Csv, ""Quoted"" Bot",Contact our team,'-2\+3,tab@example.com,'\tTabbed,"Name: -2\+3\nEmail: tab@example.com\nMessage: \tTabbed",yes,no,no,session_/,
    );
    expect(body[1]).toMatch(/,'\+1 555,at@example.com,'@SUM\(A1:A2\),"Name: \+1 555\nEmail: at@example.com\nMessage: @SUM\(A1:A2\)",yes,no,no,session_/);
    expect(csv.text).toContain(
      `,"'=HYPERLINK(""http://evil.test"",""Click"")",eve@example.com,"Line one,\nline ""two""","Name: =HYPERLINK(""http://evil.test"",""Click"")\nEmail: eve@example.com\nMessage: Line one,\nline ""two""",yes,no,no,${sessionId}\r\n`,
    );
    expect(csv.text).not.toContain('Plain Person');

    const everything = await exportCsv(o.cookie);
    expect(everything.text).toContain('Z,Other,Contact our team,Plain Person,plain@example.com,Nothing special here.,"Name: Plain Person\nEmail: plain@example.com\nMessage: Nothing special here.",yes,no,no,session_');
  });
});

describe('lead email', () => {
  it("goes to the bot's form recipient with the visitor as Reply-To, queued under the owner", async () => {
    const o = await kit.owner();
    const bot = await kit.newBot(o.cookie, { name: 'Sales Bot', formRecipientEmail: 'sales@acme.test' });
    const before = smtp.received.length;
    const { sessionId, answer } = await submit(bot.guid, handoff('Quinn Quote', 'quinn@example.com', 'A quote for 40 kettles, please.'));
    expect(answer).toEqual({ success: true, messageId: expect.any(Number), emailSent: false });
    const mails = smtp.received.slice(before).map((m) => ({ to: m.to, raw: readMail(m.raw) }));
    expect(mails.map((m) => m.to)).toEqual([['sales@acme.test']]);
    expect(mails[0].raw).toContain('Reply-To: quinn@example.com');
    expect(mails[0].raw).toContain('Subject: [Sales Bot] Contact our team');
    expect(mails[0].raw).toContain('Message: A quote for 40 kettles, please.');
    expect(mails[0].raw).toContain('All leads: https://parley.example.com/leads');
    expect(mails[0].raw).toContain(`https://parley.example.com/chatbots/${bot.guid}/history?session=${sessionId}`);
    const row = (await db.select().from(emailOutbox)).find((r) => r.to === 'sales@acme.test');
    expect(row).toMatchObject({ status: 'sent', userId: o.user.id, replyTo: 'quinn@example.com' });

    // The lead and its conversation both say it was emailed.
    expect((await listAll(o.cookie)).leads[0]).toMatchObject({ emailSent: true, sessionId });
    const [system] = await kit.getMessages(sessionId);
    expect(system).toMatchObject({ messageType: 'system', metadata: { formTitle: 'Contact our team', emailSent: true, formSubmissionId: expect.any(Number) } });
  });

  it("goes to the owner's account email when the bot has no form recipient", async () => {
    const o = await kit.owner();
    const bot = await kit.newBot(o.cookie, { name: 'Owner Bot' });
    const before = smtp.received.length;
    await submit(bot.guid, handoff('Olga Owner', 'olga@example.com', 'Who reads this? The owner.'));
    const mails = smtp.received.slice(before).map((m) => ({ to: m.to, raw: readMail(m.raw) }));
    expect(mails.map((m) => m.to)).toEqual([[o.email]]);
    expect(mails[0].raw).toContain('Reply-To: olga@example.com');
    expect(mails[0].raw).toContain('Who reads this? The owner.');
  });

  it("is not sent, and the visitor told of no success, when the form is refused before it is stored", async () => {
    const o = await kit.owner();
    const bot = await kit.newBot(o.cookie);
    const sessionId = await kit.openSession(bot.guid);
    const before = smtp.received.length;
    const res = await client.api.chat[':sessionId']['submit-form'].$post({
      param: { sessionId },
      json: { formTitle: 'Contact our team', formData: handoff('Bad Mail', 'not-an-email', 'This should be refused.') },
    });
    expect(res.status).toBe(400);
    expect(smtp.received.length).toBe(before);
    expect((await listAll(o.cookie)).leads).toEqual([]);
  });
});
