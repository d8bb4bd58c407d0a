import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { promptAssistantRequestSchema } from '@parley/contracts/schemas';
import { tooManyRequests } from '../../lib/errors';
import { createRateLimiter } from '../../lib/rateLimit';
import { validate } from '../../lib/validate';
import type { OwnerEnv } from '../../middleware/auth';
import { chatbotParamSchema } from '../chatbots/chatbots.schemas';
import { assistWithPrompt } from './promptAssistant.service';

/** An owner writes a prompt by hand between requests; 30 a minute leaves room and stops a script. */
export const PROMPT_ASSISTANT_PER_MINUTE = 30;
const perUser = createRateLimiter({ limit: PROMPT_ASSISTANT_PER_MINUTE, windowMs: 60_000 });

const limitPerUser = createMiddleware<OwnerEnv>(async (c, next) => {
  const { allowed, retryAfterSeconds } = perUser.hit(c.get('user').id);
  if (!allowed) {
    c.header('Retry-After', String(retryAfterSeconds));
    throw tooManyRequests('Too many prompt assistant requests. Please wait a moment and try again.', { retryAfterSeconds });
  }
  await next();
});

/** `POST /api/chatbots/{guid}/prompt-assistant`; {guid} is "new-chatbot" on the create page. */
export const promptAssistantRoutes = new Hono<OwnerEnv>().post(
  '/:guid/prompt-assistant',
  validate('param', chatbotParamSchema),
  limitPerUser,
  validate('json', promptAssistantRequestSchema),
  async (c) => c.json(await assistWithPrompt(c.get('user').id, c.req.valid('param').guid, c.req.valid('json')), 200),
);
