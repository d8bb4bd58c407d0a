import Stripe from 'stripe';
import { env } from '../../env';
import { SUBSCRIPTION_STATUSES, type Subscription, type SubscriptionStatus } from '../../db/schema';
import { badGateway } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { FREE_PLAN_ID } from '../subscription/plans';
import type { BillingProvider, SubscriptionChange } from './billingProvider';

/**
 * Billing through Stripe with the official SDK: Checkout Sessions for a first paid plan, prorated
 * price changes, cancel at period end and resume. Stripe stays the source of truth: every call
 * answers the subscription Stripe now holds, and the webhook (`stripeWebhook.ts`) applies the
 * changes made elsewhere (renewals, failed payments, the Stripe dashboard).
 */
export const stripeBilling: BillingProvider = {
  name: 'stripe',
  async checkout({ user, plan, subscription, origin }) {
    const stripe = stripeClient();
    const customerId =
      subscription.stripeCustomerId ??
      (await call(() => stripe.customers.create({ email: user.email, metadata: { userId: user.id } }, { idempotencyKey: `customer-${user.id}` }))).id;
    const session = await call(() =>
      stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: user.id,
        line_items: [{ price: priceIdFor(plan.id), quantity: 1 }],
        success_url: `${origin}/subscription?checkout=success`,
        cancel_url: `${origin}/subscription?checkout=canceled`,
        metadata: { userId: user.id, planId: plan.id },
        subscription_data: { metadata: { userId: user.id, planId: plan.id } },
      }),
    );
    if (!session.url) throw badGateway('Stripe did not return a checkout page. Please try again.');
    return { url: session.url, stripeCustomerId: customerId };
  },
  async modify(subscription, plan) {
    const stripe = stripeClient();
    const current = await call(() => stripe.subscriptions.retrieve(stripeIdOf(subscription)));
    const item = current.items.data[0];
    if (!item) throw badGateway('The Stripe subscription has no item to change.');
    const updated = await call(() =>
      stripe.subscriptions.update(current.id, {
        items: [{ id: item.id, price: priceIdFor(plan.id) }],
        proration_behavior: 'create_prorations',
        cancel_at_period_end: false,
        metadata: { ...current.metadata, planId: plan.id },
      }),
    );
    return fromStripeSubscription(updated);
  },
  async cancel(subscription) {
    return fromStripeSubscription(await call(() => stripeClient().subscriptions.update(stripeIdOf(subscription), { cancel_at_period_end: true })));
  },
  async resume(subscription) {
    return fromStripeSubscription(await call(() => stripeClient().subscriptions.update(stripeIdOf(subscription), { cancel_at_period_end: false })));
  },
};

/** Ends a Stripe subscription at once, with no proration credit (the account is being deleted). */
export async function cancelStripeSubscriptionNow(stripeSubscriptionId: string): Promise<void> {
  await call(() => stripeClient().subscriptions.cancel(stripeSubscriptionId));
}

let client: Stripe | null = null;

/** The SDK client, pointed at STRIPE_API_URL when set (a Stripe-compatible server). */
export function stripeClient(): Stripe {
  if (!env.STRIPE_SECRET_KEY) throw new Error('Stripe billing is not configured');
  if (client) return client;
  const base = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null;
  client = new Stripe(env.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base && { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol === 'http:' ? 'http' : 'https' }),
  });
  return client;
}

/** Our plan id for a Stripe price id, from the configured prices. */
function planIdForPrice(priceId: string | undefined): string | undefined {
  return Object.entries(pricesByPlan()).find(([, price]) => price === priceId)?.[0];
}

function priceIdFor(planId: string): string {
  const price = pricesByPlan()[planId];
  if (!price) throw new Error(`No Stripe price is configured for the ${planId} plan`);
  return price;
}

const pricesByPlan = (): Record<string, string | undefined> => ({
  basic: env.STRIPE_PRICE_BASIC,
  premium: env.STRIPE_PRICE_PREMIUM,
  ultra: env.STRIPE_PRICE_ULTRA,
});

/** Statuses in which Stripe still serves the plan (past_due: while Stripe retries the payment). */
export const isServing = (status: string) => status === 'active' || status === 'trialing' || status === 'past_due';

/**
 * The row's fields from a Stripe subscription. Since API version 2025-03-31 the billing period
 * lives on the subscription items; older payloads carried it on the subscription itself. A
 * subscription that is not paid for (incomplete, unpaid, paused) keeps its status on the row but
 * gives only the Free plan's limits until Stripe reports it active again.
 */
export function fromStripeSubscription(sub: Stripe.Subscription): SubscriptionChange {
  const item = sub.items.data[0];
  const legacy = sub as unknown as { current_period_start?: number; current_period_end?: number };
  const start = item?.current_period_start ?? legacy.current_period_start;
  const end = item?.current_period_end ?? legacy.current_period_end;
  const planId = planIdForPrice(item?.price.id) ?? sub.metadata?.planId;
  return {
    provider: 'stripe',
    stripeSubscriptionId: sub.id,
    stripeCustomerId: typeof sub.customer === 'string' ? sub.customer : sub.customer.id,
    status: (SUBSCRIPTION_STATUSES as readonly string[]).includes(sub.status) ? (sub.status as SubscriptionStatus) : 'incomplete',
    cancelAtPeriodEnd: sub.cancel_at_period_end || sub.cancel_at !== null,
    ...(planId && { planId: isServing(sub.status) ? planId : FREE_PLAN_ID }),
    ...(start && { currentPeriodStart: new Date(start * 1000) }),
    ...(end && { currentPeriodEnd: new Date(end * 1000) }),
  };
}

function stripeIdOf(subscription: Subscription): string {
  if (!subscription.stripeSubscriptionId) throw new Error('This plan is not billed through Stripe');
  return subscription.stripeSubscriptionId;
}

/** A Stripe failure becomes a 502 the owner can read; the details go to the log only. */
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    logger.error('stripe request failed', { error: String(error) });
    const message = error instanceof Stripe.errors.StripeCardError ? error.message : 'The payment provider could not be reached. Please try again.';
    throw badGateway(message);
  }
}
