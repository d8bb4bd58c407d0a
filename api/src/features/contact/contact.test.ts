import { afterAll, describe, expect, it } from 'vitest';
import { startLocalSmtp } from '../../../test/localSmtp';

// SMTP_URL must be set before env.ts is first imported.
const smtp = await startLocalSmtp();
const received = smtp.received;
process.env.SMTP_URL = smtp.url;
process.env.LOGIN_RATE_LIMIT_PER_MINUTE = '3';
const { client, createUserAndCookie, untyped, validationErrorOf } = await import('../../../test/helpers');
const { db } = await import('../../db/client');
const { contactMessages } = await import('../../db/schema');
const { count, eq } = await import('drizzle-orm');

afterAll(() => smtp.close());

const valid: Parameters<typeof client.api.contact.$post>[0]['json'] = {
  contactType: 'support',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Analytical Engines',
  message: 'The widget does not open on Safari.',
};

describe('POST /api/contact', () => {
  it('stores the message and mails it to the admins with the sender as reply-to', async () => {
    const admin = await createUserAndCookie({ email: 'admin-contact@example.com' });
    const res = await client.api.contact.$post({ json: valid }, { headers: { 'x-forwarded-for': '1.1.1.1' } });
    expect(res.status).toBe(201);
    const { id } = await res.json();
    const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row).toMatchObject({ contactType: 'support', name: 'Ada Lovelace', email: 'ada@example.com', company: 'Analytical Engines' });
    const mail = received.find((m) => m.to.includes(admin.email));
    expect(mail?.raw).toContain('The widget does not open on Safari.');
    expect(mail?.raw).toMatch(/Reply-To: ada@example\.com/i);
    expect(mail?.raw).toContain('Support request from Ada Lovelace');
  });

  it.each([
    [{ contactType: 'other' }, 'Please select how we can help you'],
    [{ contactType: undefined }, 'Please select how we can help you'],
    [{ name: 'A' }, 'Name must be at least 2 characters'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ message: 'too short' }, 'Message must be at least 10 characters'],
  ])('refuses %o with "%s" and stores nothing', async (change, message) => {
    const before = await db.select({ n: count() }).from(contactMessages);
    const res = await client.api.contact.$post({ json: untyped({ ...valid, ...change }) });
    expect(res.status).toBe(400);
    const body = await validationErrorOf(res);
    expect(body.message).toBe(message);
    expect(Object.values(body.details.fieldErrors).flat()).toContain(message);
    expect(await db.select({ n: count() }).from(contactMessages)).toEqual(before);
  });

  it('accepts a message without a company', async () => {
    const res = await client.api.contact.$post({ json: { ...valid, company: '' } });
    expect(res.status).toBe(201);
  });
});

describe('contact rate limit', () => {
  it('answers 429 with Retry-After once an address sends too many messages in a minute', async () => {
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 5; i++) {
      const res = await client.api.contact.$post({ json: valid });
      statuses.push(res.status);
      // Read from the list: the route's type knows only its 201, so `res.status === 429` would not compile.
      if (statuses.at(-1) === 429) retryAfter = res.headers.get('retry-after');
    }
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(3);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});
