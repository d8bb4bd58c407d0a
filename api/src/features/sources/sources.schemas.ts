import { z } from 'zod';

export const chatbotParamSchema = z.object({ chatbotId: z.string().min(1).max(100) });
export const sourceParamSchema = chatbotParamSchema.extend({
  sourceId: z.coerce.number({ error: 'Source not found' }).int().positive('Source not found'),
});
