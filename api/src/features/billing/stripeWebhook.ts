import type Stripe from 'stripe';
import { transaction } from '../../db/transaction';
import { eq } from 'drizzle-orm';
import { db } from '../../db/client';
import { changedRows } from '../../db/raw';
import { billingEvents, subscriptions, users } from '../../db/schema';
import { env } from '../../env';
import { badRequest, notFound } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { FREE_PLAN_ID } from '../subscription/plans';
import { getPlanForUser } from '../subscription/subscription.service';
import { calendarPeriod } from './billingPeriod';
import type { SubscriptionChange } from './billingProvider';
import { cancelStripeSubscriptionNow, fromStripeSubscription, isServing, stripeClient } from './stripeBilling';

export type WebhookOutcome = { received: true; duplicate?: true; ignored?: string };

/**
 * `POST /api/billing/webhook`: verifies Stripe's signature over the raw body, then brings the
 * owner's subscription in line with Stripe. The subscription is read back from Stripe rather
 * than taken from the payload, so events arriving late or out of order still leave the latest
 * state; each event id is applied once, so a replay changes nothing.
 */
export async function handleStripeWebhook(rawBody: string, signature: string | undefined, now = new Date()): Promise<WebhookOutcome> {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) throw notFound('Stripe billing is not configured on this server');
  const stripe = stripeClient();
  let event: Stripe.Event;
  try {
    event = await stripe.webhooks.constructEventAsync(rawBody, signature ?? '', env.STRIPE_WEBHOOK_SECRET);
  } catch {
    throw badRequest('Invalid webhook signature');
  }
  if ((await db.select({ id: billingEvents.id }).from(billingEvents).where(eq(billingEvents.id, event.id)).limit(1))[0]) return { received: true, duplicate: true };

  const target = await subscriptionUpdate(stripe, event, now);
  return await transaction(async (tx) => {
    // A concurrent delivery of the same event got here first: apply nothing twice.
    if (changedRows(await tx.insert(billingEvents).values({ id: event.id, type: event.type }).onConflictDoNothing()) === 0) {
      return { received: true as const, duplicate: true as const };
    }
    if ('ignored' in target) return { received: true as const, ignored: target.ignored };
    await tx.update(subscriptions)
      .set({ ...target.change, updatedAt: now })
      .where(eq(subscriptions.userId, target.userId));
    logger.info('stripe webhook applied', { event: event.id, type: event.type, userId: target.userId, planId: target.change.planId });
    return { received: true as const };
  });
}

type Update = { userId: string; change: SubscriptionChange } | { ignored: string };

async function subscriptionUpdate(stripe: Stripe, event: Stripe.Event, now: Date): Promise<Update> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode !== 'subscription' || !session.subscription) return { ignored: 'not a subscription checkout' };
      const userId = session.client_reference_id ?? session.metadata?.userId;
      const subscriptionId = typeof session.subscription === 'string' ? session.subscription : session.subscription.id;
      await endReplacedSubscription(userId, subscriptionId);
      return await forUser(userId, fromStripeSubscription(await stripe.subscriptions.retrieve(subscriptionId)), now);
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated': {
      const sub = event.data.object;
      const latest = await stripe.subscriptions.retrieve(sub.id);
      if (latest.status === 'canceled' || latest.status === 'incomplete_expired') return await backToFree(sub, now);
      const userId = await ownerOf(sub);
      // An unpaid subscription that a newer checkout replaced must not overwrite the new one.
      const current = userId ? (await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1))[0] : undefined;
      if (current?.stripeSubscriptionId && current.stripeSubscriptionId !== sub.id && !isServing(latest.status)) return { ignored: 'a newer subscription is in place' };
      return await forUser(userId, fromStripeSubscription(latest), now);
    }
    case 'customer.subscription.deleted':
      return await backToFree(event.data.object, now);
    default:
      return { ignored: `event ${event.type} is not used` };
  }
}

/**
 * A new checkout completed while an older, unpaid subscription was still open in Stripe (a
 * checkout is refused while one is being paid for): the old one is ended so it is never
 * charged again. A failure here is logged; the new plan applies either way.
 */
async function endReplacedSubscription(userId: string | null | undefined, newSubscriptionId: string) {
  if (!userId) return;
  const current = (await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1))[0];
  const old = current?.stripeSubscriptionId;
  if (!old || old === newSubscriptionId || current.status === 'canceled' || current.status === 'incomplete_expired') return;
  try {
    await cancelStripeSubscriptionNow(old);
  } catch (error) {
    logger.warn('could not end a replaced Stripe subscription', { userId, subscription: old, error: String(error) });
  }
}

/** A subscription that has ended returns its owner to Free, counted per calendar month. */
async function backToFree(sub: Stripe.Subscription, now: Date): Promise<Update> {
  const userId = await ownerOf(sub);
  if (!userId) return { ignored: 'unknown subscription' };
  const current = (await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1))[0];
  // A newer subscription has replaced the one that ended: keep it.
  if (current?.stripeSubscriptionId && current.stripeSubscriptionId !== sub.id) return { ignored: 'a newer subscription is in place' };
  const { start, end } = calendarPeriod(now);
  return {
    userId,
    change: { planId: FREE_PLAN_ID, status: 'active', provider: 'local', cancelAtPeriodEnd: false, stripeSubscriptionId: null, currentPeriodStart: start, currentPeriodEnd: end },
  };
}

/** The Parley account a Stripe subscription belongs to: by its id, else by its metadata. */
async function ownerOf(sub: Stripe.Subscription): Promise<string | undefined> {
  const row = (await db.select({ userId: subscriptions.userId }).from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, sub.id)).limit(1))[0];
  return row?.userId ?? sub.metadata?.userId;
}

async function forUser(userId: string | null | undefined, change: SubscriptionChange, now: Date): Promise<Update> {
  if (!userId || !(await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1))[0]) return { ignored: 'unknown account' };
  await getPlanForUser(userId, now); // makes sure the account has a subscription row to update
  return { userId, change };
}
