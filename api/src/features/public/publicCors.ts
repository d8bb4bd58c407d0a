import { cors } from 'hono/cors';

/**
 * CORS of the visitor API (/api/chat/*, /api/public/*): any site may call it, WITHOUT
 * credentials: the widget sends no cookies, and no owner session may ever ride along on a
 * visitor call. A bot's allowed-domains list is enforced by the services, where the bot is
 * known, with a 403 that carries these headers.
 */
export const publicCors = cors({
  origin: '*',
  credentials: false,
  allowMethods: ['GET', 'POST', 'OPTIONS'],
  allowHeaders: ['Content-Type'],
  exposeHeaders: ['Retry-After'],
  maxAge: 600,
});
