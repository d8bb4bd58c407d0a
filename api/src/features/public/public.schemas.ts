import { z } from 'zod';

export const chatbotRefParamSchema = z.object({ ref: z.string().trim().min(1).max(100) });
