import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { HttpError } from './lib/errors';
import { logger } from './lib/logger';
import { apiBodyLimit } from './middleware/body-limit';
import { originCheck } from './middleware/origin-check';
import { requestLogger } from './middleware/request-logger';
import { authRoutes, loginRedirectRoutes } from './features/auth/auth.routes';
import { chatbotRoutes } from './features/chatbots/chatbots.routes';
import { sourcesRoutes } from './features/sources/sources.routes';
import { subscriptionRoutes } from './features/subscription/subscription.routes';
import { uploadRoutes } from './features/uploads/uploads.routes';
import { webRoutes } from './features/web/web.routes';
import { chatRoutes } from './features/chat/chat.routes';
import { chatbotSessionRoutes, chatOwnerRoutes } from './features/chat/chatOwner.routes';
import { publicRoutes } from './features/public/public.routes';
import { contactRoutes } from './features/contact/contact.routes';
import { widgetPageRoutes } from './features/widget-page/widgetPage.routes';

/** Paths open to any site (the widget calls them cross-origin); everything else is owner-only. */
const PUBLIC_API = /^\/api\/(chat|public)\//;

/** The API: chained feature routers, so `hc<AppType>` knows every route. */
const api = new Hono()
  .use(apiBodyLimit)
  .use((c, next) => (PUBLIC_API.test(c.req.path) ? next() : originCheck(c, next)))
  .route('/', loginRedirectRoutes)
  .route('/auth', authRoutes)
  .route('/chatbots', chatbotRoutes)
  .route('/chatbots', sourcesRoutes)
  .route('/subscription', subscriptionRoutes)
  .route('/chatbots', chatbotSessionRoutes)
  .route('/chat', chatOwnerRoutes)
  .route('/chat', chatRoutes)
  .route('/public', publicRoutes)
  .route('/upload', uploadRoutes)
  .route('/contact', contactRoutes);

export const app = new Hono().use(requestLogger).route('/api', api).route('/', widgetPageRoutes).route('/', webRoutes);

app.onError((err, c) => {
  if (err instanceof HttpError) {
    return c.json(err.details ? { message: err.message, details: err.details } : { message: err.message }, err.status);
  }
  if (err instanceof HTTPException) {
    return c.json({ message: err.message || 'Request failed' }, err.status);
  }
  if (err instanceof SyntaxError && /JSON/i.test(err.message)) {
    return c.json({ message: 'Malformed JSON in request body' }, 400);
  }
  logger.error('unhandled error', { method: c.req.method, path: c.req.path, error: String(err), stack: err.stack });
  return c.json({ message: 'Internal server error' }, 500);
});

app.notFound((c) =>
  c.req.path.startsWith('/api/') ? c.json({ message: `No API route for ${c.req.method} ${c.req.path}` }, 404) : c.text('Not found', 404),
);

export type AppType = typeof api;
