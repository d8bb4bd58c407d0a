import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { validate } from '../../lib/validate';
import type { OwnerEnv } from '../../middleware/auth';
import { chatbotDeactivationSchema, defaultChatbotChangeSchema, planChangeRequestSchema } from '@parley/contracts/schemas';
import { accountsQuerySchema, actionsQuerySchema, adminChatbotParamSchema, chatbotsQuerySchema, userParamSchema } from './admin.schemas';
import {
  assertAdmin,
  changeAccountPlan,
  deactivateChatbot,
  listAccountChatbots,
  listAccounts,
  listAdminActions,
  listAllChatbots,
  reactivateChatbot,
  setDefaultChatbot,
} from './admin.service';

/**
 * 403 for anyone but an administrator, before the input is even read. Put on each route rather
 * than on the whole sub-app: a `use()` here would also run in front of the other routers
 * mounted at `/api/admin`.
 */
const adminOnly = createMiddleware<OwnerEnv>(async (c, next) => {
  assertAdmin(c.get('user'));
  await next();
});

/** `/api/admin/*`: the admin page (accounts and plans, the default public bot, abusive bots, the log). */
export const adminRoutes = new Hono<OwnerEnv>()
  .get('/accounts', adminOnly, validate('query', accountsQuerySchema), async (c) => c.json(await listAccounts(c.req.valid('query')), 200))
  .get('/accounts/:userId/chatbots', adminOnly, validate('param', userParamSchema), async (c) =>
    c.json(await listAccountChatbots(c.req.valid('param').userId), 200),
  )
  .post('/accounts/:userId/plan', adminOnly, validate('param', userParamSchema), validate('json', planChangeRequestSchema), async (c) =>
    c.json(await changeAccountPlan(c.get('user'), c.req.valid('param').userId, c.req.valid('json').planId), 200),
  )
  .get('/chatbots', adminOnly, validate('query', chatbotsQuerySchema), async (c) => c.json(await listAllChatbots(c.req.valid('query')), 200))
  .post('/default-chatbot', adminOnly, validate('json', defaultChatbotChangeSchema), async (c) =>
    c.json(await setDefaultChatbot(c.get('user'), c.req.valid('json').chatbotId), 200),
  )
  .post('/chatbots/:guid/deactivate', adminOnly, validate('param', adminChatbotParamSchema), validate('json', chatbotDeactivationSchema), async (c) =>
    c.json(await deactivateChatbot(c.get('user'), c.req.valid('param').guid, c.req.valid('json').reason), 200),
  )
  .post('/chatbots/:guid/reactivate', adminOnly, validate('param', adminChatbotParamSchema), async (c) =>
    c.json(await reactivateChatbot(c.get('user'), c.req.valid('param').guid), 200),
  )
  .get('/actions', adminOnly, validate('query', actionsQuerySchema), async (c) => c.json(await listAdminActions(c.req.valid('query')), 200));
