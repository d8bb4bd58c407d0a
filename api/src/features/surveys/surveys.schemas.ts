import { z } from 'zod';
import { chatbotGuidParamSchema } from '../chat/chat.schemas';

/** `/api/chatbots/{id}/surveys...`: the bot by its numeric id or its guid, checked like any bot ref. */
export const surveyChatbotParamSchema = z.object({ id: chatbotGuidParamSchema.shape.guid });

/** `/api/surveys/{id}...`: a survey's id in plain digits, as stored. */
export const surveyParamSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,12}$/, 'Survey id must be a positive whole number')
    .transform(Number),
});

/** `GET /api/chatbots/{id}/surveys/analytics?include=totals`: the totals alone, without the per-survey breakdown. */
export const surveyAnalyticsQuerySchema = z.object({
  include: z.enum(['totals'], { error: 'include must be "totals"' }).optional(),
});
