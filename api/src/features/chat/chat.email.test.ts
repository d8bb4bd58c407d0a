import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startLocalSmtp } from '../../../test/localSmtp';
import { readMail } from '../../../test/readMail';

// SMTP_URL must be set before env.ts is first imported.
const smtp = await startLocalSmtp();
const received = smtp.received;
process.env.SMTP_URL = smtp.url;
process.env.SMTP_FROM = 'Parley <bot@parley.test>';
process.env.RATE_LIMIT_CHAT_PER_MINUTE = '0';
const kit = await import('./testing/chatKit');
const { processOutbox } = await import('../email/outbox.service');
const { db, dialect } = await import('../../db/client');
const { execute } = await import('../../db/raw');
const { emailOutbox, formSubmissions } = await import('../../db/schema');
const submitForm = (sessionId: string, message: string) =>
  kit.client.api.chat[':sessionId']['submit-form'].$post({ param: { sessionId }, json: contactForm(message) });

afterAll(() => smtp.close());

/** Fails every insert of a system message, the history entry stored with each lead. */
async function refuseSystemMessages() {
  if (dialect === 'sqlite') {
    await execute(sql`create temp trigger refuse_system_message before insert on chat_messages when new.message_type = 'system'
      begin select raise(abort, 'history unavailable'); end`);
    return;
  }
  await execute(sql`create or replace function refuse_system_message() returns trigger language plpgsql as $$
    begin if new.message_type = 'system' then raise exception 'history unavailable'; end if; return new; end $$`);
  await execute(sql`create trigger refuse_system_message before insert on chat_messages
    for each row execute function refuse_system_message()`);
}

const contactForm = (message: string) => ({
  formTitle: 'Contact our team',
  formData: [
    { id: 'name', label: 'Name', type: 'text', value: 'Grace Hopper' },
    { id: 'email', label: 'Email', type: 'email', value: 'grace@example.com' },
    { id: 'message', label: 'Message', type: 'textarea', value: message },
  ],
});

describe('form submissions by email', () => {
  it("mails a submitted form to the bot's recipient and says so truthfully", async () => {
    const o = await kit.owner();
    const bot = await kit.newBot(o.cookie, { name: 'Mail bot', formRecipientEmail: 'sales@acme.test', formRecipientName: 'Sam' });
    const sessionId = await kit.openSession(bot.guid);
    const res = await submitForm(sessionId, 'I would like a quote for 40 kettles.');
    expect(res.status).toBe(200);
    const body = await res.json();
    // The visitor is answered once the lead is stored; the outbox sends the mail after that.
    expect(body).toEqual({ success: true, messageId: expect.any(Number), emailSent: false });

    await vi.waitFor(() => expect(received).toHaveLength(1));
    const mail = { ...received[0], raw: readMail(received[0].raw) };
    expect(mail.to).toEqual(['sales@acme.test']);
    expect(mail.from).toBe('bot@parley.test');
    expect(mail.raw).toContain('Subject: [Mail bot] Contact our team');
    expect(mail.raw).toContain('Reply-To: grace@example.com');
    expect(mail.raw).toContain('Hi Sam,');
    expect(mail.raw).toContain('Name: Grace Hopper');
    expect(mail.raw).toContain('Message: I would like a quote for 40 kettles.');
    expect(mail.raw).toContain(sessionId);

    await vi.waitFor(async () => {
      const [stored] = await kit.getMessages(sessionId);
      expect(stored).toMatchObject({ id: body.messageId, messageType: 'system', metadata: { emailSent: true } });
    });
  });

  it('answers the visitor without waiting for a slow mail server', async () => {
    const o = await kit.owner();
    const bot = await kit.newBot(o.cookie, { name: 'Slow mail bot', formRecipientEmail: 'slow@acme.test' });
    const sessionId = await kit.openSession(bot.guid);
    const release = smtp.hold();
    try {
      const res = await submitForm(sessionId, 'The mail server is slow today.');
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true, messageId: expect.any(Number), emailSent: false });
      // Answered while the mail server still holds the mail: stored, queued, not yet sent.
      expect(received.some((m) => m.to.includes('slow@acme.test'))).toBe(false);
      expect((await db.select().from(formSubmissions)).find((s) => s.sessionId === sessionId)).toMatchObject({ emailSent: false });
      expect((await db.select().from(emailOutbox)).find((r) => r.to === 'slow@acme.test')).toMatchObject({ status: 'pending' });
    } finally {
      release();
    }
    await vi.waitFor(() => expect(received.some((m) => m.to.includes('slow@acme.test'))).toBe(true));
    await vi.waitFor(async () => expect((await db.select().from(formSubmissions)).find((s) => s.sessionId === sessionId)?.emailSent).toBe(true));
  });

  it('stores neither the lead nor its history message when one of them fails', async () => {
    const o = await kit.owner();
    const bot = await kit.newBot(o.cookie, { name: 'Failing bot', formRecipientEmail: 'never@acme.test' });
    const sessionId = await kit.openSession(bot.guid);
    await refuseSystemMessages();
    try {
      const res = await submitForm(sessionId, 'This must not half-save.');
      expect(res.status).toBe(500);
    } finally {
      await execute(dialect === 'sqlite' ? sql`drop trigger refuse_system_message` : sql`drop trigger refuse_system_message on chat_messages`);
    }
    expect((await db.select().from(formSubmissions)).filter((s) => s.sessionId === sessionId)).toEqual([]);
    expect((await db.select().from(emailOutbox)).filter((r) => r.to === 'never@acme.test')).toEqual([]);
    expect(await kit.getMessages(sessionId)).toEqual([]);
  });

  it("falls back to the owner's email and retries a refused mail from the outbox", async () => {
    const o = await kit.owner();
    const bot = await kit.newBot(o.cookie, { name: 'Retry bot' });
    const sessionId = await kit.openSession(bot.guid);
    smtp.rejectNext(1);
    const res = await submitForm(sessionId, 'Second try, please deliver this.');
    const body = await res.json();
    expect(body).toMatchObject({ success: true, emailSent: false });
    await vi.waitFor(async () => expect((await db.select().from(emailOutbox)).find((r) => r.to === o.email)?.attempts).toBe(1));
    const [pending] = (await db.select().from(emailOutbox)).filter((r) => r.to === o.email);
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringContaining('Mailbox busy') });
    expect((await kit.getMessages(sessionId))[0].metadata).toMatchObject({ emailSent: false });

    // The worker retries once the backoff has passed; the flags then turn true.
    expect(await processOutbox(new Date(Date.now() + 60 * 60_000))).toBe(1);
    expect(received.at(-1)?.to).toEqual([o.email]);
    expect(readMail(received.at(-1)!.raw)).toContain('Second try, please deliver this.');
    expect((await kit.getMessages(sessionId))[0].metadata).toMatchObject({ emailSent: true });
    const submission = (await db.select().from(formSubmissions)).find((s) => s.sessionId === sessionId);
    expect(submission?.emailSent).toBe(true);
  });
});
