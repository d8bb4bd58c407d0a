import { afterAll, describe, expect, it } from 'vitest';
import { startLocalSmtp } from '../../../test/localSmtp';
import { readMail } from '../../../test/readMail';

// SMTP_URL and PUBLIC_URL must be set before env.ts is first imported.
const smtp = await startLocalSmtp();
process.env.SMTP_URL = smtp.url;
process.env.SMTP_FROM = 'Parley <alerts@parley.test>';
process.env.PUBLIC_URL = 'https://parley.example.com';
process.env.RATE_LIMIT_CHAT_PER_MINUTE = '0';
process.env.RATE_LIMIT_SESSION_PER_MINUTE = '0';
const kit = await import('../chat/testing/chatKit');
const { consumeMessage } = await import('./usage.service');
const { db } = await import('../../db/client');
const { emailOutbox, monthlyUsage, subscriptions, usageAlerts } = await import('../../db/schema');
const { asc, eq } = await import('drizzle-orm');

afterAll(() => smtp.close());

/** The alert mails that reached the owner, decoded. */
const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email)).map((m) => readMail(m.raw));
const alertRows = (userId: string) =>
  db
    .select({ month: usageAlerts.month, threshold: usageAlerts.threshold })
    .from(usageAlerts)
    .where(eq(usageAlerts.userId, userId))
    .orderBy(asc(usageAlerts.month), asc(usageAlerts.threshold));

async function send(sessionId: string, content: string) {
  const { events } = await kit.streamMessage(sessionId, { content });
  return events.map((e) => e.type);
}

/** Waits until the owner has `n` mails (an alert does not hold up the visitor's answer). */
async function expectMails(email: string, n: number) {
  await expect.poll(() => mailsTo(email).length, { timeout: 5_000 }).toBe(n);
  await new Promise((r) => setTimeout(r, 100));
  expect(mailsTo(email)).toHaveLength(n);
}

describe('monthly quota alerts', () => {
  it('mails the owner once at 80 % and once at 100 % of the monthly limit', async () => {
    const o = await kit.owner();
    const bot = await kit.newBot(o.cookie, { name: 'Quota Bot' });
    const sessionId = await kit.openSession(bot.guid);
    const month = new Date().toISOString().slice(0, 7);

    await kit.setUsage(o.user.id, 78);
    expect(await send(sessionId, 'Question 79')).toContain('complete');
    expect(await alertRows(o.user.id)).toEqual([]);
    expect(await send(sessionId, 'Question 80')).toContain('complete');
    await expectMails(o.email, 1);
    expect(await alertRows(o.user.id)).toEqual([{ month, threshold: 80 }]);

    const [warning] = mailsTo(o.email);
    expect(warning).toContain('Subject: You have used 80% of your monthly messages (80 of 100)');
    expect(warning).toContain('Your chatbots have used 80 of 100 messages of your Trial plan this month (80%).');
    expect(warning).toContain('When the limit is reached, they stop answering and show visitors a contact form instead.');
    const next = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1));
    // The same words as the dashboard's usage card, e.g. "December 1, 2026".
    const resets = next.toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' });
    expect(resets).toMatch(/^[A-Z][a-z]+ 1, \d{4}$/);
    expect(warning).toContain(`The count resets on ${resets} (UTC).`);
    expect(warning).toContain('To raise the limit, change your plan: https://parley.example.com/subscription');
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, o.email));
    expect(row).toMatchObject({ userId: o.user.id, status: 'sent' });

    // More messages past 80 % send nothing more.
    expect(await send(sessionId, 'Question 81')).toContain('complete');
    await kit.setUsage(o.user.id, 98);
    expect(await send(sessionId, 'Question 99')).toContain('complete');
    await expectMails(o.email, 1);

    expect(await send(sessionId, 'Question 100')).toContain('complete');
    await expectMails(o.email, 2);
    const reached = mailsTo(o.email)[1];
    expect(reached).toContain('Subject: Monthly message limit reached (100 of 100)');
    expect(reached).toContain('Your chatbots have used all 100 messages of your Trial plan this month.');
    expect(reached).toContain('they show visitors a contact form instead of answering');
    expect(await alertRows(o.user.id)).toEqual([
      { month, threshold: 80 },
      { month, threshold: 100 },
    ]);

    // Over the limit nothing is counted and nobody is mailed again.
    expect(await send(sessionId, 'Question 101')).toContain('limit_exceeded');
    await kit.setUsage(o.user.id, 85);
    expect(await send(sessionId, 'Back under the limit')).toContain('complete');
    await expectMails(o.email, 2);
  });

  it('starts over in the next month, and one jump past both thresholds sends only the 100 % mail', async () => {
    const o = await kit.owner();
    const nextMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 15));
    const month = nextMonth.toISOString().slice(0, 7);
    await db.insert(monthlyUsage).values({ userId: o.user.id, month, messagesUsed: 99 });
    expect(await consumeMessage(o.user.id, nextMonth)).toBe(true);
    await expectMails(o.email, 1);
    expect(mailsTo(o.email)[0]).toContain('Subject: Monthly message limit reached (100 of 100)');
    expect(await alertRows(o.user.id)).toEqual([
      { month, threshold: 80 },
      { month, threshold: 100 },
    ]);
    expect(await consumeMessage(o.user.id, nextMonth)).toBe(false);
    await expectMails(o.email, 1);
  });

  it('never alerts on an unlimited plan', async () => {
    const o = await kit.owner();
    await db.update(subscriptions).set({ planId: 'ultra' }).where(eq(subscriptions.userId, o.user.id));
    await kit.setUsage(o.user.id, 1_000_000);
    expect(await consumeMessage(o.user.id)).toBe(true);
    expect(await kit.usage(o.user.id)).toBe(1_000_001);
    expect(await alertRows(o.user.id)).toEqual([]);
    await new Promise((r) => setTimeout(r, 200));
    expect(mailsTo(o.email)).toEqual([]);
  });
});
