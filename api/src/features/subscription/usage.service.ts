import { sqlite } from '../../db/client';
import { currentMonth, getPlanForUser } from './subscription.service';

/**
 * Counts one answered visitor message against the owner's monthly quota. The check and the
 * increment are one SQL statement, so concurrent sends can never push usage past the limit.
 * Returns false (and counts nothing) when the quota is used up.
 */
export function consumeMessage(ownerUserId: string, now = new Date()): boolean {
  const limit = getPlanForUser(ownerUserId).plan.maxMessagesPerMonth;
  const month = currentMonth(now);
  if (limit < 0) {
    upsert.run({ userId: ownerUserId, month });
    return true;
  }
  if (limit === 0) return false;
  return consumeWithin.get({ userId: ownerUserId, month, limit }) !== undefined;
}

const upsert = sqlite.prepare(
  `insert into monthly_usage (user_id, month, messages_used) values (@userId, @month, 1)
   on conflict (user_id, month) do update set messages_used = messages_used + 1`,
);
const consumeWithin = sqlite.prepare(
  `insert into monthly_usage (user_id, month, messages_used) values (@userId, @month, 1)
   on conflict (user_id, month) do update set messages_used = messages_used + 1
   where messages_used < @limit
   returning messages_used`,
);
