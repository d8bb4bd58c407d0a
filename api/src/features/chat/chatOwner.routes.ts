import { Hono, type Context } from 'hono';
import { attachment } from '../../lib/attachment';
import { logger } from '../../lib/logger';
import { validate } from '../../lib/validate';
import type { OwnerEnv } from '../../middleware/auth';
import { conversationExportQuerySchema, historyExportQuerySchema } from '@parley/contracts/schemas';
import { chatbotGuidParamSchema, sessionParamSchema, sessionsQuerySchema } from './chat.schemas';
import { countConversations, deleteAllSessions, deleteSessionAsOwner, listSessionsForOwner } from './chatHistory.service';
import { getIdentitySecret, rotateIdentitySecret } from './chatIdentity.service';
import { issueTestToken } from './chatTestTokens';
import { exportConversation, exportConversations, type HistoryDownload } from './historyExport';

/**
 * Owner-only calls under `/api/chat`, mounted in the owner API (origin check and sign-in per
 * route), beside but never under the visitor routes' CORS.
 */
export const chatOwnerRoutes = new Hono<OwnerEnv>()
  .get('/conversations/count', async (c) => c.json(await countConversations(c.get('user').id), 200))
  .get('/:sessionId/export', validate('param', sessionParamSchema), validate('query', conversationExportQuerySchema), async (c) =>
    download(c, await exportConversation(c.get('user').id, c.req.valid('param').sessionId, c.req.valid('query').format)),
  )
  .delete('/:sessionId', validate('param', sessionParamSchema), async (c) => {
    await deleteSessionAsOwner(c.get('user').id, c.req.valid('param').sessionId);
    return c.json({ success: true }, 200);
  });

/**
 * `/api/chatbots/{guid}/sessions`: the history list of one of the owner's bots, filtered, and
 * its export; `/api/chatbots/{guid}/test-token`: a token for the Test page's chats (see
 * `issueTestToken`); `/api/chatbots/{guid}/identity-secret`: the key of verified identity, read
 * and rotated (see `identifyVisitor`).
 */
export const chatbotSessionRoutes = new Hono<OwnerEnv>()
  .post('/:guid/test-token', validate('param', chatbotGuidParamSchema), async (c) =>
    c.json(await issueTestToken(c.get('user').id, c.req.valid('param').guid), 201),
  )
  .get('/:guid/identity-secret', validate('param', chatbotGuidParamSchema), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await getIdentitySecret(c.get('user').id, c.req.valid('param').guid), 200);
  })
  .post('/:guid/identity-secret/rotate', validate('param', chatbotGuidParamSchema), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await rotateIdentitySecret(c.get('user').id, c.req.valid('param').guid), 200);
  })
  .get('/:guid/sessions', validate('param', chatbotGuidParamSchema), validate('query', sessionsQuerySchema), async (c) =>
    c.json(await listSessionsForOwner(c.get('user').id, c.req.valid('param').guid, c.req.valid('query')), 200),
  )
  .get('/:guid/sessions/export', validate('param', chatbotGuidParamSchema), validate('query', historyExportQuerySchema), async (c) => {
    const { format, ...filters } = c.req.valid('query');
    return download(c, await exportConversations(c.get('user').id, c.req.valid('param').guid, filters, format));
  })
  .delete('/:guid/sessions', validate('param', chatbotGuidParamSchema), async (c) => {
    const deleted = await deleteAllSessions(c.get('user').id, c.req.valid('param').guid);
    return c.json({ success: true, deleted }, 200);
  });

/**
 * Sends an export as a file download, written as it is read. By now the ownership check and the
 * first batch have run, so those failures still get an error status. A failure after the
 * headers errors the body: the connection breaks off without the end of the chunked response,
 * and the browser reports a failed download instead of saving half a file as complete.
 */
function download(c: Context, file: HistoryDownload) {
  const chunks = file.chunks[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        logger.error('history export failed while streaming', { error: String(error) });
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return?.();
    },
  });
  return c.body(body, 200, {
    'Content-Type': file.contentType,
    'Content-Disposition': attachment(file.filename),
    'Cache-Control': 'no-store',
  });
}
