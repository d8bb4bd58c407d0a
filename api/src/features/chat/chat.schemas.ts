import { z } from 'zod';
import { pageQuerySchema } from '../../lib/pageQuery';
import { SESSIONS_PAGE_SIZE } from '@parley/contracts';
import { historyFilterFields, sessionIdSchema, withOrderedDays } from '@parley/contracts/schemas';

export const sessionParamSchema = z.object({ sessionId: sessionIdSchema });

/** `/:sessionId/messages/:messageId`: the id in plain digits (no hex, exponent or sign), as stored. */
export const messageParamSchema = sessionParamSchema.extend({
  messageId: z
    .string()
    .regex(/^\d{1,15}$/, 'Message id must be a positive whole number')
    .transform(Number)
    .refine((id) => id > 0, 'Message id must be a positive whole number'),
});

/** `?page=&limit=` plus the history filters (flags, from, to, q, tz). */
export const sessionsQuerySchema = withOrderedDays(pageQuerySchema(SESSIONS_PAGE_SIZE).extend(historyFilterFields.shape));

export const chatbotGuidParamSchema = z.object({ guid: z.string().trim().min(1).max(100) });
