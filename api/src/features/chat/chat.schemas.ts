import { z } from 'zod';
import { sessionIdSchema } from '../../lib/protocol';

export {
  createSessionRequestSchema,
  selectOptionRequestSchema,
  sendMessageRequestSchema,
  streamRequestSchema,
  submitFormRequestSchema,
} from '../../lib/protocol';

export const sessionParamSchema = z.object({ sessionId: sessionIdSchema });

export const SESSIONS_PAGE_SIZE = 10;

export const sessionsQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1, 'page must be at least 1').default(1),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int()
    .min(1, 'limit must be between 1 and 100')
    .max(100, 'limit must be between 1 and 100')
    .default(SESSIONS_PAGE_SIZE),
});

export const chatbotGuidParamSchema = z.object({ guid: z.string().trim().min(1).max(100) });
