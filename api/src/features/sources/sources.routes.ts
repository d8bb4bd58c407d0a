import { Hono } from 'hono';
import { cleanText } from '@parley/contracts';
import { validate } from '../../lib/validate';
import type { OwnerEnv } from '../../middleware/auth';
import { getOwnedChatbot } from '../chatbots/chatbots.service';
import { addSourceSchema, qaSourceSchema, sourceSettingsSchema } from '@parley/contracts/schemas';
import { chatbotParamSchema, sourceParamSchema } from './sources.schemas';
import {
  addFileSource,
  addQaSource,
  addTextSource,
  addWebsiteSource,
  deleteSource,
  listQaSources,
  listSourcePages,
  listSources,
  rescanSource,
  updateQaSource,
  updateSourceSettings,
} from './sources.service';

/**
 * `/api/chatbots/{chatbotId}/...`: a bot's content sources (see docs/knowledge.md). {chatbotId} is the
 * bot's numeric id or guid; another owner's bot answers 404 like a missing one.
 */
export const sourcesRoutes = new Hono<OwnerEnv>()
  .get('/:chatbotId/website-sources', validate('param', chatbotParamSchema), async (c) => {
    const bot = await getOwnedChatbot(c.get('user').id, c.req.valid('param').chatbotId);
    return c.json(await listSources(bot.id), 200);
  })
  .post('/:chatbotId/website-sources', validate('param', chatbotParamSchema), validate('json', addSourceSchema), async (c) => {
    const bot = await getOwnedChatbot(c.get('user').id, c.req.valid('param').chatbotId);
    const body = c.req.valid('json');
    const source =
      body.sourceType === 'qa' ? await addQaSource(bot.id, body) : body.sourceType === 'text' ? await addTextSource(bot.id, body) : await addWebsiteSource(bot.id, body);
    return c.json(source, 201);
  })
  .post('/:chatbotId/upload-text-file', validate('param', chatbotParamSchema), async (c) => {
    const bot = await getOwnedChatbot(c.get('user').id, c.req.valid('param').chatbotId);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const text = (v: unknown) => (typeof v === 'string' ? cleanText(v) : null);
    const source = await addFileSource(bot.id, {
      file: form.file as File | string | undefined,
      title: text(form.title),
      description: text(form.description),
    });
    return c.json(source, 201);
  })
  .delete('/:chatbotId/website-sources/:sourceId', validate('param', sourceParamSchema), async (c) => {
    const { chatbotId, sourceId } = c.req.valid('param');
    const bot = await getOwnedChatbot(c.get('user').id, chatbotId);
    await deleteSource(bot.id, sourceId);
    return c.json({ success: true }, 200);
  })
  /** Changes a website source's settings: its sync schedule (`off`, `daily`, `weekly`). */
  .patch('/:chatbotId/website-sources/:sourceId', validate('param', sourceParamSchema), validate('json', sourceSettingsSchema), async (c) => {
    const { chatbotId, sourceId } = c.req.valid('param');
    const bot = await getOwnedChatbot(c.get('user').id, chatbotId);
    return c.json(await updateSourceSettings(bot.id, sourceId, c.req.valid('json')), 200);
  })
  /** The source's pages with why each was skipped or failed (see listSourcePages). */
  .get('/:chatbotId/website-sources/:sourceId/pages', validate('param', sourceParamSchema), async (c) => {
    const { chatbotId, sourceId } = c.req.valid('param');
    const bot = await getOwnedChatbot(c.get('user').id, chatbotId);
    return c.json(await listSourcePages(bot.id, sourceId), 200);
  })
  .post('/:chatbotId/website-sources/:sourceId/rescan', validate('param', sourceParamSchema), async (c) => {
    const { chatbotId, sourceId } = c.req.valid('param');
    const bot = await getOwnedChatbot(c.get('user').id, chatbotId);
    return c.json(await rescanSource(bot.id, sourceId), 202);
  })
  /** The bot's Q&A sources with their wordings and answers (the list above leaves the text out). */
  .get('/:chatbotId/qa', validate('param', chatbotParamSchema), async (c) => {
    const bot = await getOwnedChatbot(c.get('user').id, c.req.valid('param').chatbotId);
    return c.json(await listQaSources(bot.id), 200);
  })
  /** Edits a Q&A source; it is indexed again before the answer, like a new one. */
  .put('/:chatbotId/qa/:sourceId', validate('param', sourceParamSchema), validate('json', qaSourceSchema), async (c) => {
    const { chatbotId, sourceId } = c.req.valid('param');
    const bot = await getOwnedChatbot(c.get('user').id, chatbotId);
    return c.json(await updateQaSource(bot.id, sourceId, c.req.valid('json')), 200);
  });
