import { Hono } from 'hono';
import { env } from '../../env';
import { clientKey } from '../../lib/clientIp';
import { tooManyRequests } from '../../lib/errors';
import { createRateLimiter } from '../../lib/rateLimit';
import { validate } from '../../lib/validate';
import { contactSchema } from '@parley/contracts/schemas';
import { submitContactMessage } from './contact.service';

/** Anyone may write, so the form shares the sign-in limit per address to keep floods out of admins' mail. */
const contactLimiter = createRateLimiter({ bucket: 'contact', limit: env.LOGIN_RATE_LIMIT_PER_MINUTE, windowMs: 60_000 });

/** `/api/contact`: the public site's contact form. */
export const contactRoutes = new Hono().post('/', validate('json', contactSchema), async (c) => {
  const { allowed, retryAfterSeconds } = await contactLimiter.hit(clientKey(c));
  if (!allowed) {
    c.header('Retry-After', String(retryAfterSeconds));
    throw tooManyRequests('Too many messages, please try again in a minute', { retryAfterSeconds });
  }
  const saved = await submitContactMessage(c.req.valid('json'));
  return c.json({ success: true, id: saved.id }, 201);
});
