import { Hono } from 'hono';
import { handleStripeWebhook } from './stripeWebhook';

/**
 * `/api/billing/webhook`: Stripe calls it server to server. No cookie and no CORS: the signature
 * over the raw body is the only credential, so the body is read as text, never parsed first.
 */
export const billingRoutes = new Hono().post('/webhook', async (c) => {
  const outcome = await handleStripeWebhook(await c.req.text(), c.req.header('stripe-signature'));
  return c.json(outcome, 200);
});
