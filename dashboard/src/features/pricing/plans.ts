import { useQuery } from '@tanstack/react-query';
import { client, unwrap, type Plan } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';

/** Plans rarely change: cached 5 minutes and garbage-collected after 10, unlike the never-stale default. */
export function usePlans() {
  return useQuery({
    queryKey: queryKeys.subscription.plans,
    queryFn: () => unwrap(client.subscription.plans.$get()),
    staleTime: 5 * 60_000,
    gcTime: 10 * 60_000,
  });
}

export { planLabel } from '@parley/contracts';

export const isFreePlan = (plan: Pick<Plan, 'name' | 'price'>) => plan.name === 'Free' || plan.price === 0;
export const isMostPopular = (plan: Pick<Plan, 'name'>) => plan.name === 'Premium';

/** Minor units divided by 100 in the plan's currency, e.g. "$49". */
export function formatPrice(price: number, currency: string): string {
  const amount = price / 100;
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
      maximumFractionDigits: 2,
    }).format(amount);
  } catch {
    return `${amount} ${currency.toUpperCase()}`;
  }
}

/** Admins are exempt from the plan's active-chatbot cap; shown wherever their plan is. */
export const ADMIN_UNLIMITED_BOTS = 'Admin account: no limit on active chatbots (∞)';

/** -1 means unlimited. */
export function limitText(value: number, noun: string): string {
  return value === -1 ? `Unlimited ${noun}` : `${value.toLocaleString('en-US')} ${noun}`;
}
