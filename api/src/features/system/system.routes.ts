import { Hono } from 'hono';
import type { OwnerEnv } from '../../middleware/auth';
import { getSystemStatus } from './systemStatus';

/** `/api/system/status`: what this install can do, so owner pages say it plainly. */
export const systemRoutes = new Hono<OwnerEnv>().get('/status', (c) => c.json(getSystemStatus(), 200));
