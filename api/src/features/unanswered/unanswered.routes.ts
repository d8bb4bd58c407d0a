import { Hono } from 'hono';
import { validate } from '../../lib/validate';
import type { OwnerEnv } from '../../middleware/auth';
import { answerUnansweredSchema, dismissUnansweredSchema } from '@parley/contracts/schemas';
import { getOwnedChatbot } from '../chatbots/chatbots.service';
import { chatbotGuidParamSchema } from '../chat/chat.schemas';
import { answerUnanswered, dismissUnanswered, listUnanswered } from './unanswered.service';

/**
 * `/api/chatbots/{guid}/unanswered`: the questions a bot could not answer, grouped, and the two
 * ways to clear them: answer (a Q&A source the bot uses from the next message on) or dismiss.
 */
export const unansweredRoutes = new Hono<OwnerEnv>()
  .get('/:guid/unanswered', validate('param', chatbotGuidParamSchema), async (c) => {
    const bot = await getOwnedChatbot(c.get('user').id, c.req.valid('param').guid);
    return c.json(await listUnanswered(bot.id), 200);
  })
  .post('/:guid/unanswered/dismiss', validate('param', chatbotGuidParamSchema), validate('json', dismissUnansweredSchema), async (c) => {
    const bot = await getOwnedChatbot(c.get('user').id, c.req.valid('param').guid);
    return c.json(await dismissUnanswered(bot.id, c.req.valid('json').messageIds), 200);
  })
  .post('/:guid/unanswered/answer', validate('param', chatbotGuidParamSchema), validate('json', answerUnansweredSchema), async (c) => {
    const bot = await getOwnedChatbot(c.get('user').id, c.req.valid('param').guid);
    return c.json(await answerUnanswered(bot.id, c.req.valid('json')), 201);
  });
