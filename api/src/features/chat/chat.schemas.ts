import { z } from 'zod';
import { SESSIONS_PAGE_SIZE } from '@parley/contracts';
import { sessionIdSchema } from '@parley/contracts/schemas';

export const sessionParamSchema = z.object({ sessionId: sessionIdSchema });

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
