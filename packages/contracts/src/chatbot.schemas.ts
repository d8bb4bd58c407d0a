/** zod schemas of a chatbot's settings, built on the plain rules in `chatbot.ts`. */
import { z } from 'zod';
import {
  CHATBOT_MESSAGES,
  DAILY_MESSAGE_LIMIT_RANGE,
  isImageAddress,
  MAX_ALLOWED_DOMAINS,
  MAX_INITIAL_MESSAGES,
  MAX_TOKENS_RANGE,
  SYSTEM_PROMPT_MAX_LENGTH,
  TEMPERATURE_RANGE,
  type CreateChatbotInput,
  type UpdateChatbotInput,
} from './chatbot';
import { isEmail } from './contact';
import { storedHomeScreenConfigSchema } from './homeScreen.schemas';
import { cleanString } from './text.schemas';

/** Free text an owner writes: NUL and bidi override characters are dropped (`cleanText`). */
const optionalText = (max: number) => cleanString().trim().max(max).nullish();

/** A whole number within `range`; JSON and form bodies may send it as text. */
const wholeNumber = (label: string, range: { min: number; max: number }, rangeMessage: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(range.min, rangeMessage)
    .max(range.max, rangeMessage);

/** Hostnames (optionally with a leading "*.") that may embed the bot; empty list = anywhere. */
export const allowedDomainsSchema = z
  .array(
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d+)?$/, CHATBOT_MESSAGES.allowedDomains),
  )
  .max(MAX_ALLOWED_DOMAINS, CHATBOT_MESSAGES.allowedDomainsCount);

/** Every setting an owner edits, each required; create and update make them optional. */
export const chatbotFieldsSchema = z.object({
  name: cleanString({ error: CHATBOT_MESSAGES.nameRequired }).trim().min(1, CHATBOT_MESSAGES.nameRequired).max(100, CHATBOT_MESSAGES.nameLong),
  description: optionalText(1000),
  /** An http(s) address, or a path on this server (uploaded avatars); empty clears it. */
  avatarUrl: z
    .string()
    .trim()
    .max(2000)
    .refine((v) => v === '' || isImageAddress(v), CHATBOT_MESSAGES.avatarUrl)
    .nullish(),
  systemPrompt: z
    .string({ error: CHATBOT_MESSAGES.systemPromptRequired })
    .trim()
    .min(1, CHATBOT_MESSAGES.systemPromptRequired)
    .max(SYSTEM_PROMPT_MAX_LENGTH, CHATBOT_MESSAGES.systemPromptLong),
  model: z.string({ error: CHATBOT_MESSAGES.modelRequired }).trim().min(1, CHATBOT_MESSAGES.modelRequired).max(100),
  temperature: wholeNumber('Temperature', TEMPERATURE_RANGE, CHATBOT_MESSAGES.temperature),
  maxTokens: wholeNumber('Max tokens', MAX_TOKENS_RANGE, CHATBOT_MESSAGES.maxTokens),
  welcomeMessage: optionalText(2000),
  fallbackMessage: optionalText(2000),
  initialMessages: z.array(cleanString().trim().min(1).max(500)).max(MAX_INITIAL_MESSAGES),
  isActive: z.boolean({ error: 'isActive must be true or false' }),
  /** Where the bot's contact forms are mailed; empty means the owner's own address. */
  formRecipientEmail: z
    .string()
    .trim()
    .refine((v) => v === '' || isEmail(v), CHATBOT_MESSAGES.formRecipientEmail)
    .nullish(),
  formRecipientName: optionalText(200),
  formConfirmationMessage: optionalText(2000),
  allowedDomains: allowedDomainsSchema,
  /** Visitor messages answered per UTC day; null = no daily cap. */
  dailyMessageLimit: wholeNumber('Daily message limit', DAILY_MESSAGE_LIMIT_RANGE, CHATBOT_MESSAGES.dailyMessageLimit).nullish(),
  homeScreenConfig: storedHomeScreenConfigSchema,
});

/** POST /api/chatbots: the client picks the guid; only the name is required. */
export const createChatbotSchema = chatbotFieldsSchema.partial().extend({
  guid: z.uuid({ error: 'guid must be a UUID' }),
  name: chatbotFieldsSchema.shape.name,
}) satisfies z.ZodType<CreateChatbotInput>;

/** PUT /api/chatbots/{guid}: only what changed. */
export const updateChatbotSchema = chatbotFieldsSchema.partial() satisfies z.ZodType<UpdateChatbotInput>;
