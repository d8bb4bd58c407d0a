import { Hono } from 'hono';
import { validate } from '../../lib/validate';
import type { OwnerEnv } from '../../middleware/auth';
import { createChatbotSchema, updateChatbotSchema } from '@parley/contracts/schemas';
import { chatbotParamSchema, homeScreenPatchSchema } from './chatbots.schemas';
import {
  createChatbot,
  deleteChatbot,
  getOwnedChatbot,
  listChatbots,
  ownerView,
  setHomeScreenConfig,
  updateChatbot,
} from './chatbots.service';

/**
 * `/api/chatbots/*`: the owner's bots. Every route checks ownership (foreign = 404); none answers
 * the identity secret (see `ownerView`).
 */
export const chatbotRoutes = new Hono<OwnerEnv>()
  .get('/', async (c) => c.json(await listChatbots(c.get('user').id), 200))
  .post('/', validate('json', createChatbotSchema), async (c) => c.json(ownerView(await createChatbot(c.get('user'), c.req.valid('json'))), 201))
  .patch('/guid/:guid', validate('param', chatbotParamSchema), validate('json', homeScreenPatchSchema, { issuePaths: { under: 'homeScreenConfig' } }), async (c) =>
    c.json(ownerView(await setHomeScreenConfig(c.get('user').id, c.req.valid('param').guid, c.req.valid('json').homeScreenConfig)), 200),
  )
  .get('/:guid', validate('param', chatbotParamSchema), async (c) =>
    c.json(ownerView(await getOwnedChatbot(c.get('user').id, c.req.valid('param').guid)), 200),
  )
  .put('/:guid', validate('param', chatbotParamSchema), validate('json', updateChatbotSchema), async (c) =>
    c.json(ownerView(await updateChatbot(c.get('user'), c.req.valid('param').guid, c.req.valid('json'))), 200),
  )
  .delete('/:guid', validate('param', chatbotParamSchema), async (c) => {
    await deleteChatbot(c.get('user').id, c.req.valid('param').guid);
    return c.json({ success: true }, 200);
  });
