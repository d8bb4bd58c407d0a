import { asc, eq, sql } from 'drizzle-orm';
import { db, type Db } from '../../db/client';
import { monthlyUsage, plans, subscriptions } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { FREE_PLAN_ID, PLANS } from './plans';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Inserts or refreshes the plan catalogue; run at every start so edits to PLANS apply. */
export function seedPlans() {
  for (const plan of PLANS) {
    db.insert(plans).values(plan).onConflictDoUpdate({ target: plans.id, set: plan }).run();
  }
}

export function listPlans() {
  return db.select().from(plans).orderBy(asc(plans.sortOrder)).all();
}

export function startFreeSubscription(userId: string, tx: Tx | Db = db) {
  const now = new Date();
  tx.insert(subscriptions)
    .values({ userId, planId: FREE_PLAN_ID, status: 'active', currentPeriodStart: now, currentPeriodEnd: addMonth(now) })
    .onConflictDoNothing()
    .run();
}

/** The owner's plan; a user without a row (created before plans existed) is put on Free. */
export function getPlanForUser(userId: string) {
  let row = db
    .select({ subscription: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.userId, userId))
    .get();
  if (!row) {
    startFreeSubscription(userId);
    row = db
      .select({ subscription: subscriptions, plan: plans })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(eq(subscriptions.userId, userId))
      .get();
  }
  if (!row) throw notFound('Subscription not found');
  return row;
}

export function getCurrentSubscription(userId: string) {
  const { subscription, plan } = getPlanForUser(userId);
  return {
    id: subscription.id,
    status: subscription.status,
    plan,
    messagesUsedThisMonth: messagesUsed(userId),
    currentPeriodStart: subscription.currentPeriodStart,
    currentPeriodEnd: subscription.currentPeriodEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
  };
}

function messagesUsed(userId: string, month = currentMonth()) {
  return (
    db
      .select({ n: monthlyUsage.messagesUsed })
      .from(monthlyUsage)
      .where(sql`${monthlyUsage.userId} = ${userId} and ${monthlyUsage.month} = ${month}`)
      .get()?.n ?? 0
  );
}

export const currentMonth = (now = new Date()) => now.toISOString().slice(0, 7);

function addMonth(date: Date) {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}
