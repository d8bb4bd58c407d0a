import { Hono } from 'hono';
import { surveyAssistantRequestSchema } from '@parley/contracts/schemas';
import { validate } from '../../lib/validate';
import type { OwnerEnv } from '../../middleware/auth';
import { ownerRateLimit } from '../../middleware/ownerRateLimit';
import { chatbotParamSchema } from '../chatbots/chatbots.schemas';
import { assistWithSurvey } from './surveyAssistant.service';

/** Each answer is a survey the owner reads before asking again; 30 a minute stops a script. */
export const SURVEY_ASSISTANT_PER_MINUTE = 30;
const limitPerUser = ownerRateLimit({
  bucket: 'survey-assistant',
  limit: SURVEY_ASSISTANT_PER_MINUTE,
  message: 'Too many survey assistant requests. Please wait a moment and try again.',
});

/**
 * `POST /api/chatbots/{guid}/survey-assistant`: `{action, context, userMessage}` → bubbles whose
 * first carries the proposed survey config in `metadata.surveyConfig`.
 */
export const surveyAssistantRoutes = new Hono<OwnerEnv>().post(
  '/:guid/survey-assistant',
  validate('param', chatbotParamSchema),
  limitPerUser,
  validate('json', surveyAssistantRequestSchema),
  async (c) => c.json(await assistWithSurvey(c.get('user').id, c.req.valid('param').guid, c.req.valid('json')), 200),
);
