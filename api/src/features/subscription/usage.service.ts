import { sqlite } from '../../db/client';
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
    upsert().run({ userId: ownerUserId, month });
    return true;
  }
  if (limit === 0) return false;
  const counted = consumeWithin().get({ userId: ownerUserId, month, limit }) as { messages_used: number } | undefined;
  if (!counted) return false;
  if (counted.messages_used >= alertFloor(limit)) {
    try {
      await checkUsageAlerts(ownerUserId, plan, period, counted.messages_used);
    } catch (error) {
      // The message is already counted: a failed alert must not fail the visitor's turn.
      logger.error('usage alert check failed', { userId: ownerUserId, error: String(error) });
    }
  }
  return true;
}

let upsertStatement: ReturnType<typeof make_upsert> | undefined;
function make_upsert() {
  return sqlite.prepare(
  `insert into monthly_usage (user_id, month, messages_used) values (@userId, @month, 1)
   on conflict (user_id, month) do update set messages_used = messages_used + 1`,
);
}
const upsert = () => (upsertStatement ??= make_upsert());
let consumeWithinStatement: ReturnType<typeof make_consumeWithin> | undefined;
function make_consumeWithin() {
  return sqlite.prepare(
  `insert into monthly_usage (user_id, month, messages_used) values (@userId, @month, 1)
   on conflict (user_id, month) do update set messages_used = messages_used + 1
   where messages_used < @limit
   returning messages_used`,
);
}
const consumeWithin = () => (consumeWithinStatement ??= make_consumeWithin());
