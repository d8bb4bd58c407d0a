import { boundedJson } from '../../lib/boundedJson';
import { cleanString, homeScreenConfigSchema } from '../../lib/protocol';
import { z } from 'zod';
import { DAILY_MESSAGE_LIMIT_MAX, DAILY_MESSAGE_LIMIT_MESSAGE } from './dailyMessageLimit';

export const MODELS = ['gpt-4o-mini', 'gpt-4o', 'gpt-4.1'] as const;

export const DEFAULTS = {
  model: 'gpt-4.1',
  temperature: 7,
  maxTokens: 1000,
  systemPrompt:
    'You are a helpful customer support assistant. Answer clearly, accurately and in a friendly tone, using the provided knowledge about the business. If you do not know the answer, say so and offer to connect the visitor with a human.',
  welcomeMessage: 'Hello! How can I help you today?',
  fallbackMessage: "I'm sorry, I didn't understand that. Could you please rephrase your question?",
  initialMessages: ['Hello! Need any help? 👋'],
} as const;

/** Free text an owner writes: NUL and bidi override characters are dropped (`cleanText`). */
const optionalText = (max: number) => cleanString().trim().max(max).nullish();

/** A stored home screen: at most 12 levels deep and 64 KB as JSON. */
const boundedHomeScreenConfig = boundedJson(homeScreenConfigSchema, { label: 'homeScreenConfig', maxDepth: 12, maxBytes: 64 * 1024 }).nullable();

/** Hostnames (optionally with a leading "*.") that may embed the bot; empty list = anywhere. */
const allowedDomains = z
  .array(
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d+)?$/, 'Allowed domains must be host names like example.com'),
  )
  .max(50);

/** Fields shared by create and edit, all optional so PUT may send only what changed. */
const chatbotFields = z.object({
  name: cleanString({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  description: optionalText(1000),
  avatarUrl: z
    .string()
    .trim()
    .max(2000)
    .refine((v) => v === '' || /^(https?:\/\/|\/)/i.test(v), 'Avatar URL must be an http(s) URL')
    .nullish(),
  systemPrompt: z
    .string({ error: 'System prompt is required' })
    .trim()
    .min(1, 'System prompt is required')
    .max(20000, 'System prompt must be at most 20000 characters'),
  model: z.string({ error: 'Model is required' }).trim().min(1, 'Model is required').max(100),
  temperature: z.coerce
    .number({ error: 'Temperature must be a number' })
    .int('Temperature must be a whole number')
    .min(0, 'Temperature must be between 0 and 10')
    .max(10, 'Temperature must be between 0 and 10'),
  maxTokens: z.coerce
    .number({ error: 'Max tokens must be a number' })
    .int('Max tokens must be a whole number')
    .min(100, 'Max tokens must be between 100 and 4000')
    .max(4000, 'Max tokens must be between 100 and 4000'),
  welcomeMessage: optionalText(2000),
  fallbackMessage: optionalText(2000),
  initialMessages: z.array(cleanString().trim().min(1).max(500)).max(10),
  isActive: z.boolean({ error: 'isActive must be true or false' }),
  formRecipientEmail: z
    .string()
    .trim()
    .refine((v) => v === '' || z.email().safeParse(v).success, 'Valid email required')
    .nullish(),
  formRecipientName: optionalText(200),
  formConfirmationMessage: optionalText(2000),
  allowedDomains,
  /** Visitor messages answered per UTC day; null = no daily cap (an owner's brake under abuse). */
  dailyMessageLimit: z.coerce
    .number({ error: 'Daily message limit must be a number' })
    .int('Daily message limit must be a whole number')
    .min(1, DAILY_MESSAGE_LIMIT_MESSAGE)
    .max(DAILY_MESSAGE_LIMIT_MAX, DAILY_MESSAGE_LIMIT_MESSAGE)
    .nullish(),
  homeScreenConfig: boundedHomeScreenConfig,
});

export const createChatbotSchema = chatbotFields.partial().extend({
  guid: z.uuid({ error: 'guid must be a UUID' }),
  name: chatbotFields.shape.name,
});
export type CreateChatbotInput = z.infer<typeof createChatbotSchema>;

export const updateChatbotSchema = chatbotFields.partial();
export type UpdateChatbotInput = z.infer<typeof updateChatbotSchema>;

export const homeScreenPatchSchema = z.object({ homeScreenConfig: boundedHomeScreenConfig });

export const chatbotParamSchema = z.object({ guid: z.string().min(1).max(100) });
