import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe } from '../../../test/fakeStripe';

// setupPostgres.ts has pointed DATABASE_URL at a fresh database. Stripe settings must be in
// place before env.ts is first imported.
const fake = await startFakeStripe();
const WEBHOOK_SECRET = 'whsec_test_parley';
process.env.STRIPE_SECRET_KEY = 'sk_test_parley';
process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
process.env.STRIPE_PRICE_BASIC = 'price_basic';
process.env.STRIPE_PRICE_PREMIUM = 'price_premium';
process.env.STRIPE_PRICE_ULTRA = 'price_ultra';
process.env.STRIPE_API_URL = fake.url;
process.env.PUBLIC_URL = 'https://parley.example.com';

const { client, createUserAndCookie, withCookie } = await import('../../../test/helpers');
const { app } = await import('../../app');
const { db, postgres } = await import('../../db/client');
const { billingEvents, subscriptions } = await import('../../db/schema');
const { consumeMessage } = await import('../subscription/usage.service');
const { getCurrentSubscription } = await import('../subscription/subscription.service');

afterAll(async () => {
  await fake.close();
  await postgres?.pool.end();
});
beforeAll(async () => {
  await createUserAndCookie({ email: 'first-admin@example.com' });
});

const signed = (payload: string) => new Stripe('sk_test_unused').webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });

async function deliver(payload: string, signature = signed(payload)) {
  const res = await app.request('/api/billing/webhook', { method: 'POST', body: payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const current = async (cookie: string) => (await client.api.subscription.current.$get(undefined, withCookie(cookie))).json();
const eventsNamed = async (payload: string) => (await db.select().from(billingEvents)).filter((e) => payload.includes(e.id));

/** A paid checkout: the session through the SDK, and Stripe's completion event (not delivered yet). */
async function paidCheckout(cookie: string, planId: string) {
  const res = await client.api.subscription['create-checkout-session'].$post({ json: { planId } }, withCookie(cookie));
  expect(res.status).toBe(200);
  const sessionId = (await res.json()).url.split('/').pop()!;
  const completed = fake.payCheckout(sessionId);
  return { completed, stripeSubscriptionId: fake.sessions.get(sessionId)!.subscription as string };
}

describe('the Stripe webhook on PostgreSQL', () => {
  it('applies an event once: a replay, even after later events, changes nothing', async () => {
    const { cookie } = await createUserAndCookie();
    const { completed, stripeSubscriptionId } = await paidCheckout(cookie, 'premium');
    expect((await deliver(completed)).body).toEqual({ received: true });
    expect(await current(cookie)).toMatchObject({ status: 'active', plan: { id: 'premium' } });

    expect((await deliver(completed)).body).toEqual({ received: true, duplicate: true });
    expect(await eventsNamed(completed)).toHaveLength(1);

    expect((await deliver(fake.end(stripeSubscriptionId))).body).toEqual({ received: true });
    expect((await current(cookie)).plan.id).toBe('free');
    expect((await deliver(completed)).body).toEqual({ received: true, duplicate: true });
    expect((await current(cookie)).plan.id).toBe('free');
  });

  it('applies one of many parallel deliveries of an event; the others are duplicates', async () => {
    const { cookie, user } = await createUserAndCookie();
    const { completed } = await paidCheckout(cookie, 'basic');
    const answers = await Promise.all(Array.from({ length: 12 }, () => deliver(completed)));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    expect(answers.filter((a) => a.body.duplicate !== true)).toEqual([{ status: 200, body: { received: true } }]);
    expect(await eventsNamed(completed)).toHaveLength(1);
    const rows = (await db.select().from(subscriptions)).filter((r) => r.userId === user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ planId: 'basic', provider: 'stripe', status: 'active' });
  });

  it("counts usage in Stripe's period and starts over at a renewal", async () => {
    const { cookie, user } = await createUserAndCookie();
    const { completed, stripeSubscriptionId } = await paidCheckout(cookie, 'basic');
    await deliver(completed);
    await consumeMessage(user.id);
    await consumeMessage(user.id);
    expect((await current(cookie)).messagesUsedThisMonth).toBe(2);
    expect((await deliver(fake.renew(stripeSubscriptionId))).body).toEqual({ received: true });
    const item = fake.subscriptions.get(stripeSubscriptionId)!.items.data[0]!;
    const inNewPeriod = new Date(item.current_period_start * 1000 + 1000);
    expect(await consumeMessage(user.id, inNewPeriod)).toBe(true);
    expect((await getCurrentSubscription(user.id, inNewPeriod)).messagesUsedThisMonth).toBe(1);
  });

  it('ends the Stripe subscription when the owner deletes the account', async () => {
    const { cookie, email } = await createUserAndCookie();
    const { completed, stripeSubscriptionId } = await paidCheckout(cookie, 'premium');
    await deliver(completed);
    expect((await client.api.account.$delete({ json: { confirmEmail: email } }, withCookie(cookie))).status).toBe(200);
    expect(fake.subscriptions.get(stripeSubscriptionId)!.status).toBe('canceled');
  });
});
