import { Hono } from 'hono';
import { requireUser } from '../../middleware/auth';
import { getCurrentSubscription, listPlans } from './subscription.service';

/** `/api/subscription/*`: the plan catalogue (public) and the owner's current plan. */
export const subscriptionRoutes = new Hono()
  .get('/plans', (c) => c.json(listPlans(), 200))
  .get('/current', requireUser, (c) => c.json(getCurrentSubscription(c.get('user').id), 200));
