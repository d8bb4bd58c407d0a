import { createMiddleware } from 'hono/factory';
import { logger } from '../lib/logger';

/** One structured log line per request: method, path, status and duration. */
export const requestLogger = createMiddleware(async (c, next) => {
  const started = performance.now();
  await next();
  logger.info('request', {
    method: c.req.method,
    path: c.req.path,
    status: c.res.status,
    ms: Math.round((performance.now() - started) * 10) / 10,
  });
});
