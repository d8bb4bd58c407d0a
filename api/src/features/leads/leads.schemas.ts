import { z } from 'zod';

export const leadsQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1, 'page must be at least 1').default(1),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int()
    .min(1, 'limit must be between 1 and 100')
    .max(100, 'limit must be between 1 and 100')
    .default(20),
});

export const leadParamSchema = z.object({
  id: z.coerce.number({ error: 'Lead id must be a number' }).int('Lead id must be a whole number').positive('Lead id must be positive'),
});

export const leadReadSchema = z.strictObject({ read: z.boolean({ error: 'read must be true or false' }) });

export const leadsExportQuerySchema = z.object({ chatbot: z.string().trim().min(1, 'chatbot must not be empty').max(100).optional() });

export const chatbotLeadsParamSchema = z.object({ guid: z.string().trim().min(1).max(100) });
