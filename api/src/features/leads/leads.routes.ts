import { Hono } from 'hono';
import { attachment } from '../../lib/attachment';
import { validate } from '../../lib/validate';
import type { OwnerEnv } from '../../middleware/auth';
import { chatbotGuidParamSchema } from '../chat/chat.schemas';
import { leadParamSchema, leadReadSchema, leadsExportQuerySchema, leadsQuerySchema } from './leads.schemas';
import { countUnreadLeads, exportLeadsCsv, listLeads, setLeadRead } from './leads.service';

/** `/api/leads`: the owner's Leads inbox across all their bots, the unread count, read flags and the CSV export. */
export const leadRoutes = new Hono<OwnerEnv>()
  .get('/', validate('query', leadsQuerySchema), async (c) => c.json(await listLeads(c.get('user'), c.req.valid('query')), 200))
  .get('/unread-count', async (c) => c.json(await countUnreadLeads(c.get('user')), 200))
  .get('/export.csv', validate('query', leadsExportQuerySchema), async (c) => {
    const csv = await exportLeadsCsv(c.get('user'), c.req.valid('query').chatbot);
    const day = new Date().toISOString().slice(0, 10);
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': attachment(`leads-${day}.csv`),
      'Cache-Control': 'no-store',
    });
  })
  .patch('/:id', validate('param', leadParamSchema), validate('json', leadReadSchema), async (c) =>
    c.json(await setLeadRead(c.get('user'), c.req.valid('param').id, c.req.valid('json').read), 200),
  );

/** `/api/chatbots/{guid}/leads`: the leads of one of the owner's bots. */
export const chatbotLeadRoutes = new Hono<OwnerEnv>().get('/:guid/leads', validate('param', chatbotGuidParamSchema), validate('query', leadsQuerySchema), async (c) =>
  c.json(await listLeads(c.get('user'), { guid: c.req.valid('param').guid, ...c.req.valid('query') }), 200),
);
