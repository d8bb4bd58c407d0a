import { z } from 'zod';
import { pageQuerySchema } from '../../lib/pageQuery';

export const leadsQuerySchema = pageQuerySchema(20);

export const leadParamSchema = z.object({
  id: z.coerce.number({ error: 'Lead id must be a number' }).int('Lead id must be a whole number').positive('Lead id must be positive'),
});

export const leadReadSchema = z.strictObject({ read: z.boolean({ error: 'read must be true or false' }) });

export const leadsExportQuerySchema = z.object({ chatbot: z.string().trim().min(1, 'chatbot must not be empty').max(100).optional() });
