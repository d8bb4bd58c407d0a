import { Hono } from 'hono';
import type { OwnerEnv } from '../../middleware/auth';
import { getCurrentSubscription, listPlans } from './subscription.service';

/** `/api/subscription/plans`: the plan catalogue, public (the pricing page needs no sign-in). */
export const plansRoutes = new Hono().get('/plans', (c) => c.json(listPlans(), 200));

/** `/api/subscription/current`: the signed-in owner's plan. */
export const subscriptionRoutes = new Hono<OwnerEnv>().get('/current', (c) => c.json(getCurrentSubscription(c.get('user').id), 200));
