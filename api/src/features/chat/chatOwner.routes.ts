import { Hono } from 'hono';
import { validate } from '../../lib/validate';
import type { OwnerEnv } from '../../middleware/auth';
import { chatbotGuidParamSchema, sessionParamSchema, sessionsQuerySchema } from './chat.schemas';
import { countConversations, deleteAllSessions, deleteSessionAsOwner, listSessionsForOwner } from './chatHistory.service';
import { issueTestToken } from './chatTestTokens';

/**
 * Owner-only calls under `/api/chat`, mounted in the owner API (origin check and sign-in per
 * route), beside but never under the visitor routes' CORS.
 */
export const chatOwnerRoutes = new Hono<OwnerEnv>()
  .get('/conversations/count', (c) => c.json(countConversations(c.get('user').id), 200))
  .delete('/:sessionId', validate('param', sessionParamSchema), (c) => {
    deleteSessionAsOwner(c.get('user').id, c.req.valid('param').sessionId);
    return c.json({ success: true }, 200);
  });

/**
 * `/api/chatbots/{guid}/sessions`: the history list of one of the owner's bots;
 * `/api/chatbots/{guid}/test-token`: a token for the Test page's chats (see `issueTestToken`).
 */
export const chatbotSessionRoutes = new Hono<OwnerEnv>()
  .post('/:guid/test-token', validate('param', chatbotGuidParamSchema), (c) =>
    c.json(issueTestToken(c.get('user').id, c.req.valid('param').guid), 201),
  )
  .get('/:guid/sessions', validate('param', chatbotGuidParamSchema), validate('query', sessionsQuerySchema), (c) => {
    const { page, limit } = c.req.valid('query');
    return c.json(listSessionsForOwner(c.get('user').id, c.req.valid('param').guid, page, limit), 200);
  })
  .delete('/:guid/sessions', validate('param', chatbotGuidParamSchema), (c) => {
    const deleted = deleteAllSessions(c.get('user').id, c.req.valid('param').guid);
    return c.json({ success: true, deleted }, 200);
  });
