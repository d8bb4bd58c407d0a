import { sql } from 'drizzle-orm';
import { db } from '../../db/client';
import { monthlyUsage } from '../../db/schema';
import { logger } from '../../lib/logger';
import { usagePeriod } from '../billing/billingPeriod';
import { getPlanForUser } from './subscription.service';
import { alertFloor, checkUsageAlerts } from './usageAlerts';

/**
 * Counts one answered visitor message against the owner's quota for the billing period (a
 * calendar month on Free and the local provider, Stripe's period otherwise). The check and the
 * increment are one SQL statement, so concurrent sends can never push usage past the limit.
 * Returns false (and counts nothing) when the quota is used up. Reaching 80 % or 100 % of the
 * limit tells the owner once per month (`usageAlerts.ts`), checked only after the count.
 */
export async function consumeMessage(ownerUserId: string, now = new Date()): Promise<boolean> {
  const { plan, subscription } = await getPlanForUser(ownerUserId, now);
  const limit = plan.maxMessagesPerMonth;
  const period = usagePeriod(subscription, now);
  const month = period.key;
  if (limit < 0) {
    await countMessage(ownerUserId, month);
    return true;
  }
  if (limit === 0) return false;
  const used = await countMessage(ownerUserId, month, limit);
  if (used === undefined) return false;
  if (used >= alertFloor(limit)) {
    try {
      await checkUsageAlerts(ownerUserId, plan, period, used);
    } catch (error) {
      // The message is already counted: a failed alert must not fail the visitor's turn.
      logger.error('usage alert check failed', { userId: ownerUserId, error: String(error) });
    }
  }
  return true;
}

/**
 * One statement counts the message and reads the new total: the upsert's update only runs while
 * the row is under `limit` (`setWhere`), and a row it does not update returns nothing. On
 * PostgreSQL a parallel upsert of the same row waits for this one's lock and checks the
 * condition again on the row as this one left it, so the last message under the limit goes to
 * exactly one sender, on any number of instances.
 */
async function countMessage(userId: string, month: string, limit?: number): Promise<number | undefined> {
  const [row] = await db
    .insert(monthlyUsage)
    .values({ userId, month, messagesUsed: 1 })
    .onConflictDoUpdate({
      target: [monthlyUsage.userId, monthlyUsage.month],
      set: { messagesUsed: sql`${monthlyUsage.messagesUsed} + 1` },
      ...(limit !== undefined && { setWhere: sql`${monthlyUsage.messagesUsed} < ${limit}` }),
    })
    .returning({ messagesUsed: monthlyUsage.messagesUsed });
  return row ? Number(row.messagesUsed) : undefined;
}
