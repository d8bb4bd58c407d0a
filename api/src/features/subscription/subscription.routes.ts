import { Hono } from 'hono';
import { planChangeRequestSchema } from '@parley/contracts/schemas';
import { siteOrigin } from '../../lib/siteOrigin';
import { validate } from '../../lib/validate';
import type { OwnerEnv } from '../../middleware/auth';
import { cancelPlan, completeLocalCheckout, createCheckout, modifyPlan, resumePlan } from '../billing/billing.service';
import { getCurrentSubscription, listPlans } from './subscription.service';

/** `/api/subscription/plans`: the plan catalogue, public (the pricing page needs no sign-in). */
export const plansRoutes = new Hono().get('/plans', async (c) => c.json(await listPlans(), 200));

/** `/api/subscription/*`: the signed-in owner's plan and the spec's plan-change calls. */
export const subscriptionRoutes = new Hono<OwnerEnv>()
  .get('/current', async (c) => c.json(await getCurrentSubscription(c.get('user').id), 200))
  .post('/create-checkout-session', validate('json', planChangeRequestSchema), async (c) =>
    c.json(await createCheckout(c.get('user'), c.req.valid('json').planId, siteOrigin(c)), 200),
  )
  .post('/modify', validate('json', planChangeRequestSchema), async (c) => c.json(await modifyPlan(c.get('user'), c.req.valid('json').planId), 200))
  .post('/cancel', async (c) => c.json(await cancelPlan(c.get('user')), 200))
  .post('/resume', async (c) => c.json(await resumePlan(c.get('user')), 200))
  // The local provider's checkout link: the browser lands here and goes back to the plans page.
  .get('/local-checkout/:token', async (c) => {
    const done = await completeLocalCheckout(c.get('user'), c.req.param('token'));
    return c.redirect(done ? `/subscription?checkout=success&plan=${encodeURIComponent(done.planName)}` : '/subscription?checkout=expired', 303);
  });
