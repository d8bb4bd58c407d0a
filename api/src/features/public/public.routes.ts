import { Hono } from 'hono';
import { notFound } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { findChatbotByGuid } from '../chatbots/chatbots.service';
import { getDefaultChatbot } from './defaultChatbot';
import { assertOriginAllowed } from './originPolicy';
import { chatbotRefParamSchema } from './public.schemas';
import { toPublicChatbotConfig } from './toPublicChatbotConfig';

/** `/api/public/*`: what a visitor's widget may read about a bot before chatting. */
export const publicRoutes = new Hono()
  .get('/default-chatbot', async (c) => {
    const bot = await getDefaultChatbot();
    if (!bot) throw notFound('No default chatbot is configured');
    return c.json(toPublicChatbotConfig(bot), 200);
  })
  .get('/chatbots/:ref', validate('param', chatbotRefParamSchema), async (c) => {
    const bot = await findChatbotByGuid(c.req.valid('param').ref);
    if (!bot) throw notFound('Chatbot not found');
    assertOriginAllowed(bot, c.req.header('origin'), c.req.header('host'));
    return c.json(toPublicChatbotConfig(bot), 200);
  });
