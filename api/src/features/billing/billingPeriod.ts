import { nextUsageReset } from '@parley/contracts';
import type { Subscription } from '../../db/schema';
import { FREE_PLAN_ID } from '../subscription/plans';

export type BillingPeriod = { start: Date; end: Date; /** The usage counter's key for this period. */ key: string };

/**
 * The period a subscription's message quota is counted in at `now`. Free plans and plans of the
 * local provider count per UTC calendar month; a Stripe subscription counts per the period Stripe
 * bills (kept by the webhook), rolled forward by whole months if a renewal has not reached us yet,
 * so usage never runs on into a period that has already ended.
 */
export function usagePeriod(subscription: Pick<Subscription, 'provider' | 'planId' | 'currentPeriodStart' | 'currentPeriodEnd'>, now = new Date()): BillingPeriod {
  if (subscription.provider !== 'stripe' || subscription.planId === FREE_PLAN_ID) return calendarPeriod(now);
  let start = subscription.currentPeriodStart;
  let end = subscription.currentPeriodEnd;
  while (now.getTime() >= end.getTime()) {
    start = end;
    end = addMonths(end, 1);
  }
  return { start, end, key: start.toISOString() };
}

/** The UTC calendar month holding `now`, keyed "YYYY-MM". */
export function calendarPeriod(now = new Date()): BillingPeriod {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = nextUsageReset(now);
  return { start, end, key: now.toISOString().slice(0, 7) };
}

function addMonths(date: Date, months: number) {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}
