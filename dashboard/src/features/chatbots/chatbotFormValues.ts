import {
  CHATBOT_DEFAULTS,
  CHATBOT_MESSAGES,
  DAILY_MESSAGE_LIMIT_RANGE,
  MAX_TOKENS_RANGE,
  TEMPERATURE_RANGE,
} from '@parley/contracts';
import { allowedDomainsSchema, chatbotFieldsSchema } from '@parley/contracts/schemas';
import { z } from 'zod';
import { firstErrors, fromText, type FormErrors } from '../../lib/formRules';
import type { Chatbot } from '../../lib/api';

/**
 * What a number input holds while the browser cannot read its text (e.g. "1e"): `value` is then
 * "", which must not pass for "no daily cap", so the form keeps this instead and fails validation.
 */
export const UNREADABLE_NUMBER = 'unreadable';

/**
 * The text of a number input, refused with one message whatever is wrong (blank, not a number,
 * out of range), as the form has always said it. `blank` allows an empty field.
 */
function numberText({ min, max }: { min: number; max: number }, message: string, { whole = false, blank = false } = {}) {
  return z.string().refine((text) => {
    if (!text.trim()) return blank;
    const n = Number(text);
    return (whole ? Number.isInteger(n) : Number.isFinite(n)) && n >= min && n <= max;
  }, message);
}

const { shape } = chatbotFieldsSchema;

/**
 * The Allowed domains text: one host per line, or several separated by commas or spaces. Host
 * names know no case (the server stores them lower-cased), so "Shop.example.com" and
 * "shop.example.com" are one entry and count once against the limit.
 */
function splitDomains(text: string): string[] {
  return [...new Set(text.toLowerCase().split(/[\s,]+/).filter(Boolean))];
}

/** The server's rule for the whole list, with its first message on the one text field. */
const allowedDomainsText = z.string().superRefine((text, ctx) => {
  const parsed = allowedDomainsSchema.safeParse(splitDomains(text));
  if (!parsed.success) ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? CHATBOT_MESSAGES.allowedDomains });
});

/**
 * The edit form: the server's own rules for each text, read from string inputs. Numbers stay text
 * until sent (see `chatbotPayload`).
 */
const chatbotFormSchema = z.object({
  name: shape.name,
  description: fromText(shape.description),
  avatarUrl: fromText(shape.avatarUrl),
  systemPrompt: shape.systemPrompt,
  model: shape.model,
  temperature: numberText(TEMPERATURE_RANGE, CHATBOT_MESSAGES.temperature),
  maxTokens: numberText(MAX_TOKENS_RANGE, CHATBOT_MESSAGES.maxTokens),
  /** Empty means no daily cap. */
  dailyMessageLimit: numberText(DAILY_MESSAGE_LIMIT_RANGE, CHATBOT_MESSAGES.dailyMessageLimit, { whole: true, blank: true }),
  welcomeMessage: fromText(shape.welcomeMessage),
  fallbackMessage: fromText(shape.fallbackMessage),
  /** Blank bubbles are dropped when sent. */
  initialMessages: z.array(z.string()),
  isActive: shape.isActive,
  formRecipientEmail: fromText(shape.formRecipientEmail),
  formRecipientName: fromText(shape.formRecipientName),
  formConfirmationMessage: fromText(shape.formConfirmationMessage),
  /** Empty means the bot may be embedded anywhere. */
  allowedDomains: allowedDomainsText,
});

/** The create form has no email section nor allowed domains, so their hidden values are never checked. */
const createChatbotFormSchema = chatbotFormSchema.extend({ formRecipientEmail: z.string(), allowedDomains: z.string() });

export const chatbotFormSchemas = { create: createChatbotFormSchema, edit: chatbotFormSchema };

export type ChatbotFormValues = z.input<typeof chatbotFormSchema>;

export function emptyChatbotForm(): ChatbotFormValues {
  return {
    name: '',
    description: '',
    avatarUrl: '',
    systemPrompt: CHATBOT_DEFAULTS.systemPrompt,
    model: CHATBOT_DEFAULTS.model,
    temperature: String(CHATBOT_DEFAULTS.temperature),
    maxTokens: String(CHATBOT_DEFAULTS.maxTokens),
    dailyMessageLimit: '',
    welcomeMessage: CHATBOT_DEFAULTS.welcomeMessage,
    fallbackMessage: CHATBOT_DEFAULTS.fallbackMessage,
    initialMessages: [...CHATBOT_DEFAULTS.initialMessages],
    isActive: true,
    formRecipientEmail: '',
    formRecipientName: '',
    formConfirmationMessage: '',
    allowedDomains: '',
  };
}

export function chatbotToForm(bot: Chatbot): ChatbotFormValues {
  return {
    name: bot.name,
    description: bot.description ?? '',
    avatarUrl: bot.avatarUrl ?? '',
    systemPrompt: bot.systemPrompt,
    model: bot.model,
    temperature: String(bot.temperature),
    maxTokens: String(bot.maxTokens),
    dailyMessageLimit: bot.dailyMessageLimit == null ? '' : String(bot.dailyMessageLimit),
    welcomeMessage: bot.welcomeMessage ?? '',
    fallbackMessage: bot.fallbackMessage ?? '',
    initialMessages: [...bot.initialMessages],
    isActive: bot.isActive,
    formRecipientEmail: bot.formRecipientEmail ?? '',
    formRecipientName: bot.formRecipientName ?? '',
    formConfirmationMessage: bot.formConfirmationMessage ?? '',
    allowedDomains: bot.allowedDomains.join('\n'),
  };
}

/** The form's problems, the first of each field; `{}` when it may be sent. */
export const validateChatbotForm = (values: ChatbotFormValues, mode: 'create' | 'edit'): FormErrors<ChatbotFormValues> => firstErrors(chatbotFormSchemas[mode], values);

/** The JSON body for POST/PUT /api/chatbots; empty optional texts and an empty daily limit become null. */
export function chatbotPayload(values: ChatbotFormValues, mode: 'create' | 'edit') {
  const text = (v: string) => (v.trim() ? v.trim() : null);
  const base = {
    name: values.name.trim(),
    description: text(values.description),
    avatarUrl: text(values.avatarUrl),
    systemPrompt: values.systemPrompt.trim(),
    model: values.model,
    temperature: Math.round(Number(values.temperature)),
    maxTokens: Math.round(Number(values.maxTokens)),
    dailyMessageLimit: values.dailyMessageLimit.trim() ? Number(values.dailyMessageLimit) : null,
    welcomeMessage: text(values.welcomeMessage),
    fallbackMessage: text(values.fallbackMessage),
    initialMessages: values.initialMessages.map((m) => m.trim()).filter(Boolean),
    isActive: values.isActive,
  };
  if (mode === 'create') return base;
  return {
    ...base,
    formRecipientEmail: text(values.formRecipientEmail),
    formRecipientName: text(values.formRecipientName),
    formConfirmationMessage: text(values.formConfirmationMessage),
    allowedDomains: splitDomains(values.allowedDomains),
  };
}
