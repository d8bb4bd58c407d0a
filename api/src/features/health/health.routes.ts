import { Hono } from 'hono';
import { checkHealth } from './health.service';

/** `GET /api/health`: for load balancers and uptime checks; no sign-in, no cookie, never cached. */
export const healthRoutes = new Hono().get('/', async (c) => {
  const { status, body } = await checkHealth();
  c.header('Cache-Control', 'no-store');
  return c.json(body, status);
});
