import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverWebhook as deliver, startStripeBilling } from '../../../test/fakeStripe';

// setupPostgres.ts has pointed DATABASE_URL at a fresh database. Stripe settings must be in
// place before env.ts is first imported. The webhook's other behaviour is in stripeBilling.test.ts,
// which runs on PostgreSQL too; here only what races over the connection pool.
const fake = await startStripeBilling();

const { client, createUserAndCookie, withCookie } = await import('../../../test/helpers');
const { db, postgres } = await import('../../db/client');
const { billingEvents, subscriptions } = await import('../../db/schema');

afterAll(async () => {
  await fake.close();
  await postgres?.pool.end();
});
beforeAll(async () => {
  await createUserAndCookie({ email: 'first-admin@example.com' });
});

describe('the Stripe webhook on PostgreSQL', () => {
  it('applies one of many parallel deliveries of an event; the others are duplicates', async () => {
    const { cookie, user } = await createUserAndCookie();
    const res = await client.api.subscription['create-checkout-session'].$post({ json: { planId: 'basic' } }, withCookie(cookie));
    expect(res.status).toBe(200);
    const completed = fake.payCheckout((await res.json()).url.split('/').pop()!);
    const answers = await Promise.all(Array.from({ length: 12 }, () => deliver(completed)));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    expect(answers.filter((a) => a.body.duplicate !== true)).toEqual([{ status: 200, body: { received: true } }]);
    expect((await db.select().from(billingEvents)).filter((e) => completed.includes(e.id))).toHaveLength(1);
    const rows = await db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ planId: 'basic', provider: 'stripe', status: 'active' });
  });
});
