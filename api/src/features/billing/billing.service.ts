import { and, count, eq } from 'drizzle-orm';
import { formatUsageReset, overBotLimitText, planChoice, planLabel, SUBSCRIPTION_SUCCESS } from '@parley/contracts';
import { db } from '../../db/client';
import { chatbots, subscriptions, users, type Plan, type Subscription, type User } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { FREE_PLAN_ID } from '../subscription/plans';
import { findPlan, getPlanForUser } from '../subscription/subscription.service';
import { calendarPeriod } from './billingPeriod';
import { installBillingProvider, providerFor, type SubscriptionChange } from './billingProvider';
import { redeemLocalCheckout } from './localBilling';
import { cancelStripeSubscriptionNow } from './stripeBilling';

/**
 * `POST /api/subscription/create-checkout-session`: the page to send the browser to for a first
 * paid plan. On an active paid plan another plan is a modification, not a second subscription.
 */
export async function createCheckout(user: User, planId: string, origin: string, now = new Date()): Promise<{ url: string }> {
  const { subscription, plan: current } = await getPlanForUser(user.id, now);
  const target = await paidPlan(planId);
  const choice = planChoice({ planId: current.id, price: current.price, status: subscription.status }, target);
  if (choice === 'current') throw conflict(`You are already on the ${planLabel(target)} plan.`, { reason: 'same_plan' });
  if (choice === 'upgrade' || choice === 'downgrade') {
    throw conflict(`You already have the ${planLabel(current)} plan. Use ${choice === 'upgrade' ? 'Upgrade' : 'Downgrade'} to change it.`, { reason: 'use_modify' });
  }
  if (subscription.provider === 'stripe' && subscription.stripeSubscriptionId && subscription.planId !== FREE_PLAN_ID) {
    throw conflict(`Your ${planLabel(current)} subscription is ${subscription.status.replace(/_/g, ' ')}. Settle it before choosing another plan.`, { reason: 'subscription_open' });
  }
  const provider = providerFor(null);
  const { url, ...change } = await provider.checkout({ user, plan: target, subscription, origin, now });
  if (Object.keys(change).length > 0) await applyChange(subscription.id, change, now);
  return { url };
}

/** Opens a local checkout link: the plan applies at once, nothing is charged. */
export async function completeLocalCheckout(user: User, token: string, now = new Date()): Promise<{ planName: string } | null> {
  if (installBillingProvider() !== 'local') return null;
  const planId = await redeemLocalCheckout(user.id, token, now);
  const plan = planId ? await findPlan(planId) : undefined;
  if (!plan) return null;
  const { subscription } = await getPlanForUser(user.id, now);
  const { start, end } = calendarPeriod(now);
  await applyChange(subscription.id, { planId: plan.id, status: 'active', provider: 'local', cancelAtPeriodEnd: false, currentPeriodStart: start, currentPeriodEnd: end }, now);
  return { planName: planLabel(plan) };
}

/**
 * `POST /api/subscription/modify`: another paid plan for an active paid subscription, at once
 * (Stripe prorates). Choosing a plan again withdraws a pending cancellation. A downgrade below
 * the number of active chatbots switches none off: it says that new activations are blocked.
 */
export async function modifyPlan(user: User, planId: string, now = new Date()) {
  const { subscription, plan: current } = await getPlanForUser(user.id, now);
  const target = await paidPlan(planId);
  const choice = planChoice({ planId: current.id, price: current.price, status: subscription.status }, target);
  if (choice === 'current') throw conflict(`You are already on the ${planLabel(target)} plan.`, { reason: 'same_plan' });
  if (choice !== 'upgrade' && choice !== 'downgrade') {
    throw conflict('You have no paid plan to change. Choose a plan with Subscribe Now.', { reason: 'no_paid_plan' });
  }
  assertBilledHere(subscription);
  const change = await providerFor(subscription).modify(subscription, target, now);
  await applyChange(subscription.id, change, now);
  const over = await overBotLimit(user, target);
  return {
    message: over ? `${SUBSCRIPTION_SUCCESS.modify}. ${overBotLimitText(over.activeBots, over.maxBots, planLabel(target))}` : SUBSCRIPTION_SUCCESS.modify,
    details: { change: choice, planId: target.id, ...(over && { overBotLimit: true, ...over }) },
  };
}

/** `POST /api/subscription/cancel`: an active paid plan ends at the end of its period. */
export async function cancelPlan(user: User, now = new Date()) {
  const { subscription, plan } = await getPlanForUser(user.id, now);
  if (plan.id === FREE_PLAN_ID) throw conflict('You are on the Trial plan: there is nothing to cancel.', { reason: 'free_plan' });
  if (subscription.status !== 'active') throw conflict(`Your subscription is ${subscription.status.replace(/_/g, ' ')} and cannot be canceled here.`, { reason: 'not_active' });
  if (subscription.cancelAtPeriodEnd) throw conflict(`Your subscription is already set to end on ${formatUsageReset(subscription.currentPeriodEnd)}.`, { reason: 'already_canceled' });
  assertBilledHere(subscription);
  await applyChange(subscription.id, await providerFor(subscription).cancel(subscription), now);
  return { message: SUBSCRIPTION_SUCCESS.cancel };
}

/** `POST /api/subscription/resume`: withdraws a cancellation before the period ends. */
export async function resumePlan(user: User, now = new Date()) {
  const { subscription } = await getPlanForUser(user.id, now);
  if (!subscription.cancelAtPeriodEnd) throw conflict('Your subscription is not canceled: there is nothing to resume.', { reason: 'not_canceled' });
  if (now.getTime() >= subscription.currentPeriodEnd.getTime()) throw conflict('Your billing period has already ended. Choose a plan to subscribe again.', { reason: 'period_ended' });
  assertBilledHere(subscription);
  await applyChange(subscription.id, await providerFor(subscription).resume(subscription), now);
  return { message: SUBSCRIPTION_SUCCESS.resume };
}

/**
 * An administrator puts an account on a plan at once, with no payment. An account paying
 * through Stripe is changed in Stripe instead (the webhook then brings the plan here), so the
 * two never disagree about what is billed.
 */
export async function changePlanAsAdmin(targetUserId: string, planId: string, now = new Date()): Promise<{ message: string; fromPlanId: string }> {
  const target = (await db.select().from(users).where(eq(users.id, targetUserId)).limit(1))[0];
  if (!target) throw notFound('Account not found');
  const plan = await findPlan(planId);
  if (!plan) throw badRequest(`Unknown plan: ${planId}`, { planId });
  const { subscription, plan: current } = await getPlanForUser(target.id, now);
  if (subscription.provider === 'stripe' && subscription.stripeSubscriptionId && current.id !== FREE_PLAN_ID) {
    throw conflict(`${target.email} pays for the ${planLabel(current)} plan through Stripe. Change or cancel that subscription in Stripe; Parley follows it.`, {
      reason: 'billed_by_stripe',
    });
  }
  if (current.id === plan.id) throw conflict(`${target.email} is already on the ${planLabel(plan)} plan.`, { reason: 'same_plan' });
  const { start, end } = calendarPeriod(now);
  await applyChange(subscription.id, { planId: plan.id, status: 'active', provider: 'local', cancelAtPeriodEnd: false, currentPeriodStart: start, currentPeriodEnd: end }, now);
  const over = await overBotLimit(target, plan);
  const base = `${target.email} is now on the ${planLabel(plan)} plan.`;
  return { message: over ? `${base} ${overBotLimitText(over.activeBots, over.maxBots, planLabel(plan))}` : base, fromPlanId: current.id };
}

/**
 * Before an account is deleted: a subscription still billed through Stripe ends now, so nobody
 * is charged for an account that no longer exists. If Stripe cannot be reached this throws and
 * the account stays.
 */
export async function endBillingOfDeletedAccount(userId: string): Promise<void> {
  const row = (await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1))[0];
  if (row?.provider !== 'stripe' || !row.stripeSubscriptionId || row.status === 'canceled' || row.status === 'incomplete_expired') return;
  await cancelStripeSubscriptionNow(row.stripeSubscriptionId);
}

async function applyChange(subscriptionId: number, change: SubscriptionChange, now: Date) {
  await db.update(subscriptions)
    .set({ ...change, updatedAt: now })
    .where(eq(subscriptions.id, subscriptionId));
}

/** A plan that can be bought: it exists and is not Free (Free is where a cancellation ends). */
async function paidPlan(planId: string): Promise<Plan> {
  const plan = await findPlan(planId);
  if (!plan) throw badRequest(`Unknown plan: ${planId}`, { planId });
  if (plan.price <= 0) throw badRequest('The Trial plan is free: there is nothing to buy. To return to it, cancel your subscription.', { planId });
  return plan;
}

/**
 * A plan granted without Stripe on an install that bills through Stripe (an administrator's
 * grant) cannot be changed by its owner for free.
 */
function assertBilledHere(subscription: Subscription) {
  if (subscription.provider === 'local' && installBillingProvider() === 'stripe') {
    throw conflict('Your plan was set by an administrator. Contact us to change it.', { reason: 'granted_plan' });
  }
}

/** Active chatbots over the plan's cap (admins have none). */
async function overBotLimit(user: Pick<User, 'id' | 'isAdmin'>, plan: Plan) {
  if (user.isAdmin || plan.maxBots < 0) return null;
  const activeBots = (await db.select({ n: count() }).from(chatbots).where(and(eq(chatbots.userId, user.id), eq(chatbots.isActive, true))).limit(1))[0]?.n ?? 0;
  return activeBots > plan.maxBots ? { activeBots, maxBots: plan.maxBots } : null;
}
