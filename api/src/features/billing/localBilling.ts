import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { db } from '../../db/client';
import { localCheckouts } from '../../db/schema';
import type { BillingProvider } from './billingProvider';

/** How long a local checkout link stays usable. */
const CHECKOUT_TTL_MS = 30 * 60_000;

/**
 * Billing for self-hosted installs: no payment is taken and every change applies at once. Plans
 * run per calendar month (the period is settled in `getPlanForUser`). Checkout answers a
 * single-use link bound to the owner; opening it applies the plan (`completeLocalCheckout`).
 */
export const localBilling: BillingProvider = {
  name: 'local',
  async checkout({ user, plan, origin, now }) {
    const token = randomBytes(32).toString('base64url');
    await db.insert(localCheckouts)
      .values({ tokenHash: hashToken(token), userId: user.id, planId: plan.id, expiresAt: new Date(now.getTime() + CHECKOUT_TTL_MS) });
    return { url: `${origin}/api/subscription/local-checkout/${token}` };
  },
  async modify(_subscription, plan) {
    return { planId: plan.id, cancelAtPeriodEnd: false, provider: 'local' };
  },
  async cancel() {
    return { cancelAtPeriodEnd: true };
  },
  async resume() {
    return { cancelAtPeriodEnd: false };
  },
};

/**
 * Uses up the owner's checkout link and answers the plan it was for; null when the link is
 * unknown, someone else's, expired or already used.
 */
export async function redeemLocalCheckout(userId: string, token: string, now: Date): Promise<string | null> {
  const row = (await db
    .update(localCheckouts)
    .set({ usedAt: now })
    .where(
      and(
        eq(localCheckouts.tokenHash, hashToken(token)),
        eq(localCheckouts.userId, userId),
        isNull(localCheckouts.usedAt),
        gt(localCheckouts.expiresAt, now),
      ),
    )
    .returning({ planId: localCheckouts.planId }))[0];
  return row?.planId ?? null;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
