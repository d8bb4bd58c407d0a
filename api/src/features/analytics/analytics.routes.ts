import { Hono } from 'hono';
import { analyticsQuerySchema } from '@parley/contracts/schemas';
import { validate } from '../../lib/validate';
import type { OwnerEnv } from '../../middleware/auth';
import { chatbotGuidParamSchema } from '../chat/chat.schemas';
import { exportChatbotAnalytics, getChatbotAnalytics } from './analytics.service';

/**
 * `/api/chatbots/{guid}/analytics?from=&to=&tz=`: the figures of one of the owner's bots over a
 * period of local days; `/analytics/export.csv` with the same query: the same as a CSV file.
 */
export const analyticsRoutes = new Hono<OwnerEnv>()
  .get('/:guid/analytics', validate('param', chatbotGuidParamSchema), validate('query', analyticsQuerySchema), async (c) =>
    c.json(await getChatbotAnalytics(c.get('user').id, c.req.valid('param').guid, c.req.valid('query')), 200),
  )
  .get('/:guid/analytics/export.csv', validate('param', chatbotGuidParamSchema), validate('query', analyticsQuerySchema), async (c) => {
    const { disposition, csv } = await exportChatbotAnalytics(c.get('user').id, c.req.valid('param').guid, c.req.valid('query'));
    return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': disposition, 'Cache-Control': 'no-store' });
  });
