/** zod schemas of the admin page's requests, built on the plain rules in `admin.ts`. */
import { z } from 'zod';
import { ADMIN_MESSAGES, type ChatbotDeactivation, DEACTIVATION_REASON_LIMITS, type DefaultChatbotChange } from './admin';
import { cleanString } from './text.schemas';

export const defaultChatbotChangeSchema = z.object({
  chatbotId: z.string({ error: ADMIN_MESSAGES.chatbotRequired }).trim().min(1, ADMIN_MESSAGES.chatbotRequired).max(100, ADMIN_MESSAGES.chatbotRequired),
}) satisfies z.ZodType<DefaultChatbotChange>;

export const chatbotDeactivationSchema = z.object({
  reason: cleanString({ error: ADMIN_MESSAGES.reasonShort })
    .trim()
    .min(DEACTIVATION_REASON_LIMITS.min, ADMIN_MESSAGES.reasonShort)
    .max(DEACTIVATION_REASON_LIMITS.max, ADMIN_MESSAGES.reasonLong),
}) satisfies z.ZodType<ChatbotDeactivation>;
