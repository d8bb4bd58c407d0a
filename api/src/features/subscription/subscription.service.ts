import { asc, eq, sql } from 'drizzle-orm';
import { db, type Db } from '../../db/client';
import { monthlyUsage, plans, subscriptions, type Plan, type Subscription } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { calendarPeriod, usagePeriod } from '../billing/billingPeriod';
import { installBillingProvider } from '../billing/billingProvider';
import { FREE_PLAN_ID, PLANS } from './plans';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Inserts or refreshes the plan catalogue; run at every start so edits to PLANS apply. */
export async function seedPlans() {
  for (const plan of PLANS) {
    await db.insert(plans).values(plan).onConflictDoUpdate({ target: plans.id, set: plan });
  }
}

export async function listPlans() {
  return await db.select().from(plans).orderBy(asc(plans.sortOrder));
}

export async function findPlan(planId: string): Promise<Plan | undefined> {
  return (await db.select().from(plans).where(eq(plans.id, planId)).limit(1))[0];
}

export async function startFreeSubscription(userId: string, tx: Tx | Db = db, now = new Date()) {
  const { start, end } = calendarPeriod(now);
  await tx.insert(subscriptions)
    .values({ userId, planId: FREE_PLAN_ID, status: 'active', currentPeriodStart: start, currentPeriodEnd: end })
    .onConflictDoNothing();
}

/**
 * The owner's plan at `now`; a user without a row (created before plans existed) is put on Free.
 * A period that has ended is settled first (see `settlePeriod`).
 */
export async function getPlanForUser(userId: string, now = new Date()): Promise<{ subscription: Subscription; plan: Plan }> {
  let row = await selectPlanRow(userId);
  if (!row) {
    await startFreeSubscription(userId, db, now);
    row = await selectPlanRow(userId);
  }
  if (!row) throw notFound('Subscription not found');
  const settled = await settlePeriod(row.subscription, now);
  if (settled === row.subscription) return row;
  const plan = settled.planId === row.plan.id ? row.plan : await findPlan(settled.planId);
  if (!plan) throw notFound('Plan not found');
  return { subscription: settled, plan };
}

async function selectPlanRow(userId: string) {
  return (await db
    .select({ subscription: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.userId, userId)).limit(1))[0];
}

/**
 * Rolls a locally billed subscription (Free, or a plan of the local provider) into the calendar
 * month holding `now` once its period has ended: a plan cancelled at the end of that period
 * returns to Free. Stripe's periods and cancellations are kept by its webhook instead.
 */
async function settlePeriod(subscription: Subscription, now: Date): Promise<Subscription> {
  if (subscription.provider === 'stripe' || now.getTime() < subscription.currentPeriodEnd.getTime()) return subscription;
  const { start, end } = calendarPeriod(now);
  const ended = subscription.cancelAtPeriodEnd;
  return (await db
    .update(subscriptions)
    .set({
      currentPeriodStart: start,
      currentPeriodEnd: end,
      ...(ended && { planId: FREE_PLAN_ID, cancelAtPeriodEnd: false, status: 'active' as const }),
      updatedAt: now,
    })
    .where(eq(subscriptions.id, subscription.id))
    .returning())[0]!;
}

/** What `GET /api/subscription/current` answers. */
export async function getCurrentSubscription(userId: string, now = new Date()) {
  const { subscription, plan } = await getPlanForUser(userId, now);
  const period = usagePeriod(subscription, now);
  return {
    id: subscription.id,
    status: subscription.status,
    plan,
    messagesUsedThisMonth: await messagesUsed(userId, period.key),
    currentPeriodStart: subscription.currentPeriodStart,
    currentPeriodEnd: subscription.currentPeriodEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    /** When the message count starts over (the plan's period end, or the 1st of next month on Free). */
    usageResetsAt: period.end,
    /** Who bills this install's checkouts: `local` takes no payment. */
    billingProvider: installBillingProvider(),
  };
}

/** The usage counter's key for the owner's current period (tests seed usage with it). */
export async function usageKeyFor(userId: string, now = new Date()): Promise<string> {
  return usagePeriod((await getPlanForUser(userId, now)).subscription, now).key;
}

async function messagesUsed(userId: string, periodKey: string) {
  return (
    (await db
      .select({ n: monthlyUsage.messagesUsed })
      .from(monthlyUsage)
      .where(sql`${monthlyUsage.userId} = ${userId} and ${monthlyUsage.month} = ${periodKey}`).limit(1))[0]?.n ?? 0
  );
}
