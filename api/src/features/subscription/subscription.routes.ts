import { Hono } from 'hono';
import type { OwnerEnv } from '../../middleware/auth';
import { getCurrentSubscription, listPlans } from './subscription.service';

/**
 * Online billing is not part of this install yet: the plan-change calls exist so the plans page
 * gets a plain answer (503 with what to do) instead of a missing route.
 */
const BILLING_UNAVAILABLE = 'Online billing is not set up on this server yet. To change your plan, contact us.';
const billingUnavailable = { message: BILLING_UNAVAILABLE, details: { reason: 'billing_unavailable' } } as const;

/** `/api/subscription/plans`: the plan catalogue, public (the pricing page needs no sign-in). */
export const plansRoutes = new Hono().get('/plans', (c) => c.json(listPlans(), 200));

/** `/api/subscription/current`: the signed-in owner's plan. */
export const subscriptionRoutes = new Hono<OwnerEnv>()
  .get('/current', (c) => c.json(getCurrentSubscription(c.get('user').id), 200))
  .post('/create-checkout-session', (c) => c.json(billingUnavailable, 503))
  .post('/modify', (c) => c.json(billingUnavailable, 503))
  .post('/resume', (c) => c.json(billingUnavailable, 503))
  .post('/cancel', (c) => c.json(billingUnavailable, 503));
