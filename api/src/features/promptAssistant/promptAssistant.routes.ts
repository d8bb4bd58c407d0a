import { Hono } from 'hono';
import { promptAssistantRequestSchema } from '@parley/contracts/schemas';
import { validate } from '../../lib/validate';
import type { OwnerEnv } from '../../middleware/auth';
import { ownerRateLimit } from '../../middleware/ownerRateLimit';
import { chatbotParamSchema } from '../chatbots/chatbots.schemas';
import { assistWithPrompt } from './promptAssistant.service';

/** An owner writes a prompt by hand between requests; 30 a minute leaves room and stops a script. */
export const PROMPT_ASSISTANT_PER_MINUTE = 30;
const limitPerUser = ownerRateLimit({
  bucket: 'prompt-assistant',
  limit: PROMPT_ASSISTANT_PER_MINUTE,
  message: 'Too many prompt assistant requests. Please wait a moment and try again.',
});

/** `POST /api/chatbots/{guid}/prompt-assistant`; {guid} is "new-chatbot" on the create page. */
export const promptAssistantRoutes = new Hono<OwnerEnv>().post(
  '/:guid/prompt-assistant',
  validate('param', chatbotParamSchema),
  limitPerUser,
  validate('json', promptAssistantRequestSchema),
  async (c) => c.json(await assistWithPrompt(c.get('user').id, c.req.valid('param').guid, c.req.valid('json')), 200),
);
