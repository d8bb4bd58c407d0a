import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalSmtp } from '../../../test/localSmtp';
import { readMail } from '../../../test/readMail';

// setupPostgres.ts has pointed DATABASE_URL at a fresh database. Mail settings must be in place
// before env.ts is first imported.
const smtp = await startLocalSmtp();
process.env.SMTP_URL = smtp.url;
process.env.SMTP_FROM = 'Parley <alerts@parley.test>';
process.env.PUBLIC_URL = 'https://parley.example.com';
const { createUserAndCookie } = await import('../../../test/helpers');
const { db, dialect, postgres } = await import('../../db/client');
const { emailOutbox, monthlyUsage, usageAlerts } = await import('../../db/schema');
const { consumeMessage } = await import('./usage.service');
const { usageKeyFor } = await import('./subscription.service');

afterAll(async () => {
  await smtp.close();
  await postgres?.pool.end();
});

/** A Free owner (100 messages a month) who has used `used` of them this month. */
async function ownerWithUsage(used: number) {
  const { user, email } = await createUserAndCookie();
  await db.insert(monthlyUsage).values({ userId: user.id, month: await usageKeyFor(user.id), messagesUsed: used });
  return { userId: user.id, email };
}

const usageOf = async (userId: string) =>
  (await db.select({ n: monthlyUsage.messagesUsed }).from(monthlyUsage).where(and(eq(monthlyUsage.userId, userId), eq(monthlyUsage.month, await usageKeyFor(userId)))))[0]?.n;
const thresholds = async (userId: string) =>
  (await db.select({ t: usageAlerts.threshold }).from(usageAlerts).where(eq(usageAlerts.userId, userId))).map((r) => r.t).sort((a, b) => a - b);
const subjectsTo = (email: string) =>
  smtp.received.filter((m) => m.to.includes(email)).map((m) => /^Subject: (.*)$/m.exec(readMail(m.raw))?.[1]);

/** Waits until no alert mail of the owner is left to send, then a little more for stragglers. */
async function mailSettled(userId: string) {
  await expect
    .poll(async () => (await db.select({ status: emailOutbox.status }).from(emailOutbox).where(eq(emailOutbox.userId, userId))).every((r) => r.status === 'sent'), {
      timeout: 10_000,
    })
    .toBe(true);
  await new Promise((r) => setTimeout(r, 200));
}

describe('the monthly quota on PostgreSQL', () => {
  it('runs on PostgreSQL', () => {
    expect(dialect).toBe('postgres');
  });

  it('gives the last 3 messages to exactly 3 of 50 parallel sends, and alerts at 100 % once', async () => {
    const owner = await ownerWithUsage(97);
    const results = await Promise.all(Array.from({ length: 50 }, () => consumeMessage(owner.userId)));
    expect(results.filter(Boolean)).toHaveLength(3);
    expect(await usageOf(owner.userId)).toBe(100);

    // Both thresholds are recorded once; the 100 % mail goes out once. The 80 % one goes out at
    // most once: the send that reached 100 % may have recorded both first (then only 100 % is mailed).
    expect(await thresholds(owner.userId)).toEqual([80, 100]);
    await mailSettled(owner.userId);
    const subjects = subjectsTo(owner.email);
    expect(subjects.filter((s) => s === 'Monthly message limit reached (100 of 100)')).toHaveLength(1);
    expect(subjects.filter((s) => s?.startsWith('You have used 80%'))).toHaveLength(subjects.length - 1);
    expect(subjects.length).toBeLessThanOrEqual(2);

    // Past the limit nothing more is counted, and nobody is mailed again.
    expect(await Promise.all(Array.from({ length: 10 }, () => consumeMessage(owner.userId)))).toEqual(Array(10).fill(false));
    expect(await usageOf(owner.userId)).toBe(100);
    await new Promise((r) => setTimeout(r, 200));
    expect(subjectsTo(owner.email)).toEqual(subjects);
  });

  it('alerts at 80 % exactly once when parallel sends cross it together', async () => {
    const owner = await ownerWithUsage(77);
    expect(await Promise.all(Array.from({ length: 6 }, () => consumeMessage(owner.userId)))).toEqual(Array(6).fill(true));
    expect(await usageOf(owner.userId)).toBe(83);
    expect(await thresholds(owner.userId)).toEqual([80]);
    await mailSettled(owner.userId);
    // One mail; it gives the count as the send that crossed first saw it, which parallel sends may
    // already have moved past 80.
    const subjects = subjectsTo(owner.email);
    expect(subjects).toHaveLength(1);
    expect(subjects[0]).toMatch(/^You have used 80% of your monthly messages \((8[0-3]) of 100\)$/);
  });

  it('counts the first message of a month from parallel sends into one row', async () => {
    const { user } = await createUserAndCookie();
    expect(await Promise.all(Array.from({ length: 20 }, () => consumeMessage(user.id)))).toEqual(Array(20).fill(true));
    expect(await usageOf(user.id)).toBe(20);
  });
});
