import { Hono } from 'hono';
import { validate } from '../../lib/validate';
import { requireUser } from '../../middleware/auth';
import { originCheck } from '../../middleware/origin-check';
import { chatbotGuidParamSchema, sessionParamSchema, sessionsQuerySchema } from './chat.schemas';
import { countConversations, deleteAllSessions, deleteSessionAsOwner, listSessionsForOwner } from './chatHistory.service';

/**
 * Owner-only calls under `/api/chat`. Mounted before the visitor router so its CORS never
 * applies here; /api/chat/* skips the app-wide origin check, so these add it themselves.
 * Middleware is per route: a `.use()` here would also guard the visitor routes.
 */
export const chatOwnerRoutes = new Hono()
  .get('/conversations/count', requireUser, (c) => c.json({ count: countConversations(c.get('user').id) }, 200))
  .delete('/:sessionId', originCheck, requireUser, validate('param', sessionParamSchema), (c) => {
    deleteSessionAsOwner(c.get('user').id, c.req.valid('param').sessionId);
    return c.json({ success: true }, 200);
  });

/** `/api/chatbots/{guid}/sessions`: the history list of one of the owner's bots. */
export const chatbotSessionRoutes = new Hono()
  .get('/:guid/sessions', requireUser, validate('param', chatbotGuidParamSchema), validate('query', sessionsQuerySchema), (c) => {
    const { page, limit } = c.req.valid('query');
    return c.json(listSessionsForOwner(c.get('user').id, c.req.valid('param').guid, page, limit), 200);
  })
  .delete('/:guid/sessions', requireUser, validate('param', chatbotGuidParamSchema), (c) => {
    const deleted = deleteAllSessions(c.get('user').id, c.req.valid('param').guid);
    return c.json({ success: true, deleted }, 200);
  });
