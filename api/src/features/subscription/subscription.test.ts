import { beforeAll, describe, expect, it } from 'vitest';

const { client, createUserAndCookie, errorOf, newBot, withCookie } = await import('../../../test/helpers');
const { db } = await import('../../db/client');
const { users } = await import('../../db/schema');
const { eq } = await import('drizzle-orm');
const { getCurrentSubscription, getPlanForUser } = await import('./subscription.service');
const { consumeMessage } = await import('./usage.service');
const { cancelPlan, modifyPlan } = await import('../billing/billing.service');

const { subscription } = client.api;

beforeAll(async () => {
  // The first account of an install is an admin (exempt from the bot cap): take that slot here.
  await createUserAndCookie({ email: 'first-admin@example.com' });
});

async function current(cookie: string) {
  const res = await subscription.current.$get(undefined, withCookie(cookie));
  expect(res.status).toBe(200);
  return res.json();
}

/** Subscribes through the local provider's checkout: the answered URL, opened as the owner. */
async function subscribe(cookie: string, planId: string) {
  const res = await subscription['create-checkout-session'].$post({ json: { planId } }, withCookie(cookie));
  expect(res.status).toBe(200);
  const { url } = await res.json();
  const back = await client.api.subscription['local-checkout'][':token'].$get({ param: { token: url.split('/').pop()! } }, withCookie(cookie));
  return { url, back };
}

const userOf = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0]!;

describe('plans on the local provider (no payment)', () => {
  it('subscribes from Free through a one-time local checkout link that returns to /subscription', async () => {
    const { cookie } = await createUserAndCookie();
    expect((await current(cookie)).billingProvider).toBe('local');
    const { url, back } = await subscribe(cookie, 'basic');
    expect(url).toMatch(/^http:\/\/localhost\/api\/subscription\/local-checkout\/[\w-]{40,}$/);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('/subscription?checkout=success&plan=Basic');

    const now = await current(cookie);
    expect(now.plan.id).toBe('basic');
    expect(now.status).toBe('active');
    expect(now.cancelAtPeriodEnd).toBe(false);
    // The local provider bills per calendar month.
    const today = new Date();
    expect(new Date(now.currentPeriodEnd).toISOString()).toBe(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 1)).toISOString());

    // The link works once, and only for its owner.
    const again = await client.api.subscription['local-checkout'][':token'].$get({ param: { token: url.split('/').pop()! } }, withCookie(cookie));
    expect(again.headers.get('location')).toBe('/subscription?checkout=expired');
  });

  it("refuses another owner's checkout link and a made-up one, changing nothing", async () => {
    const a = await createUserAndCookie();
    const b = await createUserAndCookie();
    const res = await subscription['create-checkout-session'].$post({ json: { planId: 'ultra' } }, withCookie(a.cookie));
    const token = (await res.json()).url.split('/').pop()!;
    for (const [cookie, t] of [
      [b.cookie, token],
      [a.cookie, 'not-a-real-token'],
    ] as const) {
      const back = await client.api.subscription['local-checkout'][':token'].$get({ param: { token: t } }, withCookie(cookie));
      expect(back.headers.get('location')).toBe('/subscription?checkout=expired');
    }
    expect((await current(a.cookie)).plan.id).toBe('free');
    expect((await current(b.cookie)).plan.id).toBe('free');
  });

  it('answers 400 for a bad or missing plan id and for Free, 409 for a second subscription, and changes nothing', async () => {
    const { cookie } = await createUserAndCookie();
    const checkout = (body: unknown) => subscription['create-checkout-session'].$post({ json: body as { planId: string } }, withCookie(cookie));

    const unknown = await checkout({ planId: 'platinum' });
    expect(unknown.status).toBe(400);
    expect((await errorOf(unknown)).message).toBe('Unknown plan: platinum');
    const missing = await checkout({});
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).details?.fieldErrors).toEqual({ planId: ['Choose a plan'] });
    const free = await checkout({ planId: 'free' });
    expect(free.status).toBe(400);
    expect((await errorOf(free)).message).toContain('The Trial plan is free');
    expect((await current(cookie)).plan.id).toBe('free');

    await subscribe(cookie, 'premium');
    const second = await checkout({ planId: 'ultra' });
    expect(second.status).toBe(409);
    expect((await errorOf(second)).message).toBe('You already have the Premium plan. Use Upgrade to change it.');
    const same = await checkout({ planId: 'premium' });
    expect(same.status).toBe(409);
    expect((await errorOf(same)).message).toBe('You are already on the Premium plan.');
    expect((await current(cookie)).plan.id).toBe('premium');
  });

  it('upgrades and downgrades at once, refusing the same plan, Free and a Free account', async () => {
    const { cookie } = await createUserAndCookie();
    const modify = (planId: string) => subscription.modify.$post({ json: { planId } }, withCookie(cookie));

    const onFree = await modify('basic');
    expect(onFree.status).toBe(409);
    expect((await errorOf(onFree)).message).toBe('You have no paid plan to change. Choose a plan with Subscribe Now.');

    await subscribe(cookie, 'basic');
    const up = await modify('premium');
    expect(up.status).toBe(200);
    expect(await up.json()).toEqual({ message: 'Subscription updated successfully', details: { change: 'upgrade', planId: 'premium' } });
    expect((await current(cookie)).plan.id).toBe('premium');

    const down = await modify('basic');
    expect(await down.json()).toMatchObject({ message: 'Subscription updated successfully', details: { change: 'downgrade', planId: 'basic' } });
    expect((await current(cookie)).plan.id).toBe('basic');

    for (const [planId, status, message] of [
      ['basic', 409, 'You are already on the Basic plan.'],
      ['free', 400, 'The Trial plan is free: there is nothing to buy. To return to it, cancel your subscription.'],
      ['gold', 400, 'Unknown plan: gold'],
    ] as const) {
      const res = await modify(planId);
      expect(res.status).toBe(status);
      expect((await errorOf(res)).message).toBe(message);
    }
    expect((await current(cookie)).plan.id).toBe('basic');
  });

  it('a downgrade below the active bots switches none off, says so, and blocks new activations', async () => {
    const { cookie } = await createUserAndCookie();
    await subscribe(cookie, 'premium');
    const bots = [];
    for (let i = 0; i < 4; i++) bots.push(await newBot(cookie, { name: `Bot ${i}` }));

    const res = await subscription.modify.$post({ json: { planId: 'basic' } }, withCookie(cookie));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.message).toBe(
      "Subscription updated successfully. You have 4 active chatbots and the Basic plan allows 3. They keep running, but you can't activate another until fewer than 3 are active.",
    );
    expect(body.details).toMatchObject({ overBotLimit: true, activeBots: 4, maxBots: 3 });

    const list = await (await client.api.chatbots.$get(undefined, withCookie(cookie))).json();
    expect(list.filter((b: { isActive: boolean }) => b.isActive)).toHaveLength(4);

    // Switching one off and on again is refused while 3 others are still active.
    const bot = client.api.chatbots[':guid'];
    expect((await bot.$put({ param: { guid: bots[0]!.guid }, json: { isActive: false } }, withCookie(cookie))).status).toBe(200);
    const again = await bot.$put({ param: { guid: bots[0]!.guid }, json: { isActive: true } }, withCookie(cookie));
    expect(again.status).toBe(403);
    expect((await errorOf(again)).details).toMatchObject({ upgradeRequired: true, currentBots: 3, maxBots: 3 });
  });

  it('cancels at the period end and resumes before it; refuses cancelling Free, cancelling twice and resuming an uncancelled plan', async () => {
    const { cookie } = await createUserAndCookie();
    const cancel = () => subscription.cancel.$post(undefined, withCookie(cookie));
    const resume = () => subscription.resume.$post(undefined, withCookie(cookie));

    const freeCancel = await cancel();
    expect(freeCancel.status).toBe(409);
    expect((await errorOf(freeCancel)).message).toBe('You are on the Trial plan: there is nothing to cancel.');

    await subscribe(cookie, 'basic');
    const notCanceled = await resume();
    expect(notCanceled.status).toBe(409);
    expect((await errorOf(notCanceled)).message).toBe('Your subscription is not canceled: there is nothing to resume.');

    const res = await cancel();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Your subscription will be canceled at the end of the current billing period.' });
    const canceled = await current(cookie);
    expect(canceled).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, plan: { id: 'basic' } });

    const twice = await cancel();
    expect(twice.status).toBe(409);
    expect((await errorOf(twice)).message).toMatch(/^Your subscription is already set to end on [A-Z][a-z]+ 1, \d{4}\.$/);

    const resumed = await resume();
    expect(await resumed.json()).toEqual({ message: 'Your subscription has been resumed successfully.' });
    expect(await current(cookie)).toMatchObject({ cancelAtPeriodEnd: false, plan: { id: 'basic' } });
  });

  it('needs a sign-in like every owner call', async () => {
    expect((await subscription['create-checkout-session'].$post({ json: { planId: 'basic' } })).status).toBe(401);
    expect((await subscription.cancel.$post()).status).toBe(401);
  });
});

describe('the billing period, with the clock injected', () => {
  it('starts the message count over at each period start, and a plan canceled at period end returns to Free then', async () => {
    const { cookie, email } = await createUserAndCookie();
    const user = await userOf(email);
    await subscribe(cookie, 'basic');
    const { subscription: sub } = await getPlanForUser(user.id);
    const lastMoment = new Date(sub.currentPeriodEnd.getTime() - 1);
    const nextPeriod = new Date(sub.currentPeriodEnd.getTime() + 60_000);

    for (let i = 0; i < 3; i++) expect(await consumeMessage(user.id, lastMoment)).toBe(true);
    expect((await getCurrentSubscription(user.id, lastMoment)).messagesUsedThisMonth).toBe(3);
    expect((await getCurrentSubscription(user.id, lastMoment)).usageResetsAt.getTime()).toBe(sub.currentPeriodEnd.getTime());

    await cancelPlan(user, lastMoment);
    // One minute into the next period: a fresh count, and the canceled plan has ended.
    const after = await getCurrentSubscription(user.id, nextPeriod);
    expect(after.messagesUsedThisMonth).toBe(0);
    expect(after.plan.id).toBe('free');
    expect(after.cancelAtPeriodEnd).toBe(false);
    expect(after.currentPeriodStart.getTime()).toBe(sub.currentPeriodEnd.getTime());
    expect(await consumeMessage(user.id, nextPeriod)).toBe(true);
    expect((await getCurrentSubscription(user.id, nextPeriod)).messagesUsedThisMonth).toBe(1);
  });

  it('a plan that is not canceled renews into the next calendar month with its limit', async () => {
    const { cookie, email } = await createUserAndCookie();
    const user = await userOf(email);
    await subscribe(cookie, 'basic');
    await modifyPlan(user, 'premium');
    const { subscription: sub } = await getPlanForUser(user.id);
    const later = new Date(sub.currentPeriodEnd.getTime() + 40 * 86_400_000);
    const renewed = await getCurrentSubscription(user.id, later);
    expect(renewed.plan.id).toBe('premium');
    expect(renewed.currentPeriodStart.getUTCDate()).toBe(1);
    expect(renewed.currentPeriodEnd.getTime()).toBeGreaterThan(later.getTime());
    expect(renewed.messagesUsedThisMonth).toBe(0);
  });

  it('refuses resuming once the period has ended', async () => {
    const { cookie, email } = await createUserAndCookie();
    const user = await userOf(email);
    await subscribe(cookie, 'ultra');
    await cancelPlan(user);
    const { subscription: sub } = await getPlanForUser(user.id);
    const { resumePlan } = await import('../billing/billing.service');
    // Settled at read time: the plan is back on Free, so there is nothing left to resume.
    await expect(resumePlan(user, new Date(sub.currentPeriodEnd.getTime() + 1000))).rejects.toMatchObject({ status: 409 });
    expect((await getCurrentSubscription(user.id, new Date(sub.currentPeriodEnd.getTime() + 1000))).plan.id).toBe('free');
  });
});
