import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverWebhook as deliver, signedWebhook as signed, startStripeBilling } from '../../../test/fakeStripe';

// Stripe settings must be in place before env.ts is first imported.
const fake = await startStripeBilling();

const { client, createUserAndCookie, errorOf, withCookie } = await import('../../../test/helpers');
const { db } = await import('../../db/client');
const { billingEvents } = await import('../../db/schema');

afterAll(() => fake.close());
beforeAll(async () => {
  await createUserAndCookie({ email: 'first-admin@example.com' });
});

const current = async (cookie: string) => (await client.api.subscription.current.$get(undefined, withCookie(cookie))).json();

/** Checkout through the SDK, then Stripe's completion event delivered to the webhook. */
async function subscribe(cookie: string, planId: string) {
  const res = await client.api.subscription['create-checkout-session'].$post({ json: { planId } }, withCookie(cookie));
  expect(res.status).toBe(200);
  const { url } = await res.json();
  const sessionId = url.split('/').pop()!;
  const completed = fake.payCheckout(sessionId);
  expect((await deliver(completed)).status).toBe(200);
  const stripeSubscriptionId = fake.sessions.get(sessionId)!.subscription as string;
  return { url, sessionId, completed, stripeSubscriptionId };
}

describe('Stripe billing through the real SDK', () => {
  it('creates a Checkout Session for the plan, and the signed completion event puts the owner on it', async () => {
    const { cookie, user } = await createUserAndCookie();
    expect((await current(cookie)).billingProvider).toBe('stripe');
    const { url, sessionId } = await subscribe(cookie, 'premium');
    expect(url).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);

    const session = fake.sessions.get(sessionId)!;
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: user.id,
      price: 'price_premium',
      success_url: 'https://parley.example.com/subscription?checkout=success',
      cancel_url: 'https://parley.example.com/subscription?checkout=canceled',
      metadata: { userId: user.id, planId: 'premium' },
    });
    const customerCall = fake.calls.find((c) => c.path === '/v1/customers' && c.body.email === user.email);
    expect(customerCall?.idempotencyKey).toBe(`customer-${user.id}`);

    const now = await current(cookie);
    expect(now).toMatchObject({ status: 'active', cancelAtPeriodEnd: false, plan: { id: 'premium' } });
    const sub = fake.subscriptions.get(session.subscription as string)!;
    expect(new Date(now.currentPeriodEnd).getTime()).toBe(sub.items.data[0]!.current_period_end * 1000);
    // Usage is counted per Stripe's period, and resets when it ends.
    expect(new Date(now.usageResetsAt).getTime()).toBe(sub.items.data[0]!.current_period_end * 1000);
  });

  it('modifies with proration, cancels at period end and resumes, each through Stripe', async () => {
    const { cookie } = await createUserAndCookie();
    const { stripeSubscriptionId } = await subscribe(cookie, 'basic');

    const up = await client.api.subscription.modify.$post({ json: { planId: 'ultra' } }, withCookie(cookie));
    expect(await up.json()).toMatchObject({ message: 'Subscription updated successfully', details: { change: 'upgrade' } });
    const update = fake.calls.findLast((c) => c.path === `/v1/subscriptions/${stripeSubscriptionId}` && c.method === 'POST')!;
    expect(update.body).toMatchObject({ 'items[0][price]': 'price_ultra', proration_behavior: 'create_prorations', cancel_at_period_end: 'false' });
    expect((await current(cookie)).plan.id).toBe('ultra');
    expect(fake.subscriptions.get(stripeSubscriptionId)!.items.data[0]!.price.id).toBe('price_ultra');

    const cancel = await client.api.subscription.cancel.$post(undefined, withCookie(cookie));
    expect(await cancel.json()).toEqual({ message: 'Your subscription will be canceled at the end of the current billing period.' });
    expect(fake.subscriptions.get(stripeSubscriptionId)!.cancel_at_period_end).toBe(true);
    expect(await current(cookie)).toMatchObject({ cancelAtPeriodEnd: true, plan: { id: 'ultra' } });

    const resume = await client.api.subscription.resume.$post(undefined, withCookie(cookie));
    expect(await resume.json()).toEqual({ message: 'Your subscription has been resumed successfully.' });
    expect(fake.subscriptions.get(stripeSubscriptionId)!.cancel_at_period_end).toBe(false);
    expect((await current(cookie)).cancelAtPeriodEnd).toBe(false);
  });

  it('refuses a wrongly signed, an unsigned and a tampered payload with 400, changing nothing', async () => {
    const { cookie } = await createUserAndCookie();
    const res = await client.api.subscription['create-checkout-session'].$post({ json: { planId: 'basic' } }, withCookie(cookie));
    const sessionId = (await res.json()).url.split('/').pop()!;
    const completed = fake.payCheckout(sessionId);

    const wrongSecret = await deliver(completed, signed(completed, 'whsec_someone_else'));
    expect(wrongSecret).toEqual({ status: 400, body: { message: 'Invalid webhook signature' } });
    expect((await deliver(completed, null)).status).toBe(400);
    const tampered = completed.replace('"status":"complete"', '"status":"completed"');
    expect((await deliver(tampered, signed(completed))).status).toBe(400);
    expect((await current(cookie)).plan.id).toBe('free');
    expect((await db.select().from(billingEvents)).some((e) => completed.includes(e.id))).toBe(false);

    expect((await deliver(completed)).status).toBe(200);
    expect((await current(cookie)).plan.id).toBe('basic');
  });

  it('applies each event once: a replay changes nothing, even after later events', async () => {
    const { cookie } = await createUserAndCookie();
    const { completed, stripeSubscriptionId } = await subscribe(cookie, 'premium');

    expect((await deliver(completed)).body).toEqual({ received: true, duplicate: true });
    expect((await db.select().from(billingEvents)).filter((e) => completed.includes(e.id))).toHaveLength(1);

    // The subscription ends in Stripe: the owner is back on Free, per calendar month.
    const ended = fake.end(stripeSubscriptionId);
    expect((await deliver(ended)).body).toEqual({ received: true });
    const free = await current(cookie);
    expect(free).toMatchObject({ plan: { id: 'free' }, cancelAtPeriodEnd: false, status: 'active' });
    expect(new Date(free.currentPeriodEnd).getUTCDate()).toBe(1);

    // Replaying the old completion must not bring the paid plan back.
    expect((await deliver(completed)).body).toEqual({ received: true, duplicate: true });
    expect((await current(cookie)).plan.id).toBe('free');
  });

  it('follows renewals into the next period, so the message count starts over', async () => {
    const { cookie, user } = await createUserAndCookie();
    const { stripeSubscriptionId } = await subscribe(cookie, 'basic');
    const { consumeMessage } = await import('../subscription/usage.service');
    await consumeMessage(user.id);
    await consumeMessage(user.id);
    expect((await current(cookie)).messagesUsedThisMonth).toBe(2);

    const renewed = fake.renew(stripeSubscriptionId);
    expect((await deliver(renewed)).body).toEqual({ received: true });
    const now = await current(cookie);
    const item = fake.subscriptions.get(stripeSubscriptionId)!.items.data[0]!;
    expect(new Date(now.currentPeriodStart).getTime()).toBe(item.current_period_start * 1000);
    // The renewed period starts in the future here (the fake bills from now), so nothing counted yet there.
    const inNewPeriod = new Date(item.current_period_start * 1000 + 1000);
    expect(await consumeMessage(user.id, inNewPeriod)).toBe(true);
    const { getCurrentSubscription } = await import('../subscription/subscription.service');
    expect((await getCurrentSubscription(user.id, inNewPeriod)).messagesUsedThisMonth).toBe(1);
  });

  it('ignores events for accounts it does not know, and events it does not use, without failing', async () => {
    const unknown = JSON.stringify({ id: 'evt_unused_1', object: 'event', type: 'invoice.created', data: { object: {} } });
    expect((await deliver(unknown)).body).toEqual({ received: true, ignored: 'event invoice.created is not used' });
  });

  it('keeps the rules: no second subscription, no modification from Free', async () => {
    const { cookie } = await createUserAndCookie();
    await subscribe(cookie, 'basic');
    const second = await client.api.subscription['create-checkout-session'].$post({ json: { planId: 'premium' } }, withCookie(cookie));
    expect(second.status).toBe(409);
    expect((await errorOf(second)).message).toBe('You already have the Basic plan. Use Upgrade to change it.');
  });

  it('ends the Stripe subscription when the owner deletes the account', async () => {
    const { cookie, email } = await createUserAndCookie();
    const { stripeSubscriptionId } = await subscribe(cookie, 'premium');
    const res = await client.api.account.$delete({ json: { confirmEmail: email } }, withCookie(cookie));
    expect(res.status).toBe(200);
    expect(fake.calls.some((c) => c.method === 'DELETE' && c.path === `/v1/subscriptions/${stripeSubscriptionId}`)).toBe(true);
    expect(fake.subscriptions.get(stripeSubscriptionId)!.status).toBe('canceled');
  });

  it('gives only the Free limits while a subscription is unpaid, and the plan again once it is paid', async () => {
    const { cookie } = await createUserAndCookie();
    const { stripeSubscriptionId } = await subscribe(cookie, 'premium');
    expect((await deliver(fake.setStatus(stripeSubscriptionId, 'past_due'))).status).toBe(200);
    // Stripe is still retrying the payment: the plan keeps serving.
    expect(await current(cookie)).toMatchObject({ status: 'past_due', plan: { id: 'premium' } });
    expect((await deliver(fake.setStatus(stripeSubscriptionId, 'unpaid'))).status).toBe(200);
    expect(await current(cookie)).toMatchObject({ status: 'unpaid', plan: { id: 'free' } });
    expect((await deliver(fake.setStatus(stripeSubscriptionId, 'active'))).status).toBe(200);
    expect(await current(cookie)).toMatchObject({ status: 'active', plan: { id: 'premium' } });
  });

  it('a new checkout after an unpaid subscription ends the old one in Stripe, and its late events change nothing', async () => {
    const { cookie } = await createUserAndCookie();
    const first = await subscribe(cookie, 'premium');
    await deliver(fake.setStatus(first.stripeSubscriptionId, 'unpaid'));
    expect((await current(cookie)).plan.id).toBe('free');

    const second = await subscribe(cookie, 'basic');
    expect(fake.subscriptions.get(first.stripeSubscriptionId)!.status).toBe('canceled');
    expect(await current(cookie)).toMatchObject({ status: 'active', plan: { id: 'basic' } });

    // The old subscription's own late update is ignored; its end does not touch the new plan.
    expect((await deliver(fake.setStatus(first.stripeSubscriptionId, 'unpaid'))).body).toEqual({ received: true, ignored: 'a newer subscription is in place' });
    expect((await deliver(fake.end(first.stripeSubscriptionId))).body).toEqual({ received: true, ignored: 'a newer subscription is in place' });
    expect(await current(cookie)).toMatchObject({ status: 'active', plan: { id: 'basic' } });
    expect(second.stripeSubscriptionId).not.toBe(first.stripeSubscriptionId);
  });
});
