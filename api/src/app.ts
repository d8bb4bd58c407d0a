import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { HttpError } from './lib/errors';
import { logger } from './lib/logger';
import { securityHeaders } from './middleware/securityHeaders';
import { trustZone } from './lib/trustZone';
import { apiBodyLimit } from './middleware/bodyLimit';
import { requireUser, type OwnerEnv } from './middleware/auth';
import { originCheck } from './middleware/originCheck';
import { requestLogger } from './middleware/requestLogger';
import { authRoutes, loginRedirectRoutes } from './features/auth/auth.routes';
import { chatbotRoutes } from './features/chatbots/chatbots.routes';
import { sourcesRoutes } from './features/sources/sources.routes';
import { plansRoutes, subscriptionRoutes } from './features/subscription/subscription.routes';
import { uploadRoutes } from './features/uploads/uploads.routes';
import { webRoutes } from './features/web/web.routes';
import { chatRoutes } from './features/chat/chat.routes';
import { chatbotSessionRoutes, chatOwnerRoutes } from './features/chat/chatOwner.routes';
import { publicRoutes } from './features/public/public.routes';
import { publicCors } from './features/public/publicCors';
import { contactRoutes } from './features/contact/contact.routes';
import { widgetPageRoutes } from './features/widgetPage/widgetPage.routes';
import { systemRoutes } from './features/system/system.routes';
import { promptAssistantRoutes } from './features/promptAssistant/promptAssistant.routes';
import { accountAuthRoutes, accountRoutes, adminAccountRoutes } from './features/account/account.routes';
import { chatbotLeadRoutes, leadRoutes } from './features/leads/leads.routes';
import { unansweredRoutes } from './features/unanswered/unanswered.routes';
import { analyticsRoutes } from './features/analytics/analytics.routes';
import { uiDesignerRoutes } from './features/uiDesigner/uiDesigner.routes';
import { chatbotSurveyRoutes, surveyRoutes } from './features/surveys/surveys.routes';
import { surveyAssistantRoutes } from './features/surveyAssistant/surveyAssistant.routes';
import { billingRoutes } from './features/billing/billing.routes';
import { adminRoutes } from './features/admin/admin.routes';
import { healthRoutes } from './features/health/health.routes';

/**
 * Visitor API: called cross-origin by the widget on any site. CORS without credentials (no
 * cookie ever reaches these routes); each bot's allowed-domains list is enforced where the bot
 * is known.
 */
export const publicApi = trustZone(new Hono().route('/chat', chatRoutes).route('/public', publicRoutes), [publicCors], {
  preflight: true,
});

/** Parley's own pages without a sign-in: accounts, the contact form, the plan catalogue. */
export const siteApi = trustZone(
  new Hono()
    .route('/', loginRedirectRoutes)
    .route('/auth', authRoutes)
    .route('/auth', accountAuthRoutes)
    .route('/contact', contactRoutes)
    .route('/subscription', plansRoutes),
  [originCheck],
);

/** Owner API: the origin check and a signed-in user, applied here once for every route. */
export const ownerApi = trustZone(
  new Hono<OwnerEnv>()
    .route('/chatbots', chatbotRoutes)
    .route('/chatbots', sourcesRoutes)
    .route('/chatbots', chatbotSessionRoutes)
    .route('/chatbots', promptAssistantRoutes)
    .route('/chatbots', chatbotLeadRoutes)
    .route('/chatbots', unansweredRoutes)
    .route('/chatbots', analyticsRoutes)
    .route('/chatbots', chatbotSurveyRoutes)
    .route('/surveys', surveyRoutes)
    .route('/chatbots', surveyAssistantRoutes)
    .route('/leads', leadRoutes)
    .route('/chat', chatOwnerRoutes)
    .route('/subscription', subscriptionRoutes)
    .route('/upload', uploadRoutes)
    .route('/account', accountRoutes)
    .route('/admin', adminAccountRoutes)
    .route('/admin', adminRoutes)
    .route('/system', systemRoutes)
    .route('/ui-designer', uiDesignerRoutes),
  [originCheck, requireUser],
);

/**
 * Server-to-server calls: the payment provider's webhook (its signature is checked in its
 * service) and the load balancer's health check. No cookie, no CORS, no origin check.
 */
const providerApi = new Hono().route('/billing', billingRoutes).route('/health', healthRoutes);

/** The API: the trust levels, so `hc<AppType>` knows every route. */
const api = new Hono().use(apiBodyLimit).route('/', publicApi).route('/', siteApi).route('/', ownerApi).route('/', providerApi);

export const app = new Hono()
  .use(requestLogger)
  .use(securityHeaders)
  .route('/api', api)
  .route('/', widgetPageRoutes)
  .route('/', webRoutes);

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
