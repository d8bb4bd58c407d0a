import { cors } from 'hono/cors';

/**
 * CORS of the visitor API (/api/chat/*, /api/public/*): any site may call it, with
 * credentials, because the widget runs on the owner's site. The origin is reflected (a
 * wildcard is not allowed together with credentials); a bot's allowed-domains list is
 * enforced by the services, where the bot is known, with a 403 that carries these headers.
 */
export const publicCors = cors({
  origin: (origin) => origin || null,
  credentials: true,
  allowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
  allowHeaders: ['Content-Type'],
  exposeHeaders: ['Retry-After'],
  maxAge: 600,
});
