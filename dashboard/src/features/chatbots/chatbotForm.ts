import type { Chatbot } from '../../lib/api';
import { DAILY_MESSAGE_LIMIT_MAX, DAILY_MESSAGE_LIMIT_MESSAGE } from '../../../../api/src/features/chatbots/dailyMessageLimit';

export { DAILY_MESSAGE_LIMIT_MAX };

export const MODELS = ['gpt-4o-mini', 'gpt-4o', 'gpt-4.1'] as const;

/** Defaults of owner-tools §9 (the server applies the same ones). */
export const CHATBOT_DEFAULTS = {
  model: 'gpt-4.1',
  temperature: 7,
  maxTokens: 1000,
  systemPrompt:
    'You are a helpful customer support assistant. Answer clearly, accurately and in a friendly tone, using the provided knowledge about the business. If you do not know the answer, say so and offer to connect the visitor with a human.',
  welcomeMessage: 'Hello! How can I help you today?',
  fallbackMessage: "I'm sorry, I didn't understand that. Could you please rephrase your question?",
  initialMessages: ['Hello! Need any help? 👋'],
};

export type ChatbotFormValues = {
  name: string;
  description: string;
  avatarUrl: string;
  systemPrompt: string;
  model: string;
  temperature: string;
  maxTokens: string;
  /** Empty means no daily cap. */
  dailyMessageLimit: string;
  welcomeMessage: string;
  fallbackMessage: string;
  initialMessages: string[];
  isActive: boolean;
  formRecipientEmail: string;
  formRecipientName: string;
  formConfirmationMessage: string;
};

export type ChatbotFormErrors = Partial<Record<keyof ChatbotFormValues, string>>;

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
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Owner-tools §5, with the exact messages; the email rule only applies to the edit form. */
export function validateChatbotForm(values: ChatbotFormValues, mode: 'create' | 'edit'): ChatbotFormErrors {
  const errors: ChatbotFormErrors = {};
  if (!values.name.trim()) errors.name = 'Name is required';
  if (!values.systemPrompt.trim()) errors.systemPrompt = 'System prompt is required';
  if (!values.model.trim()) errors.model = 'Model is required';
  const temperature = Number(values.temperature);
  if (values.temperature.trim() === '' || !Number.isFinite(temperature) || temperature < 0 || temperature > 10) {
    errors.temperature = 'Temperature must be between 0 and 10';
  }
  const maxTokens = Number(values.maxTokens);
  if (values.maxTokens.trim() === '' || !Number.isFinite(maxTokens) || maxTokens < 100 || maxTokens > 4000) {
    errors.maxTokens = 'Max tokens must be between 100 and 4000';
  }
  const dailyMessageLimit = Number(values.dailyMessageLimit);
  if (values.dailyMessageLimit.trim() !== '' && (!Number.isInteger(dailyMessageLimit) || dailyMessageLimit < 1 || dailyMessageLimit > DAILY_MESSAGE_LIMIT_MAX)) {
    errors.dailyMessageLimit = DAILY_MESSAGE_LIMIT_MESSAGE;
  }
  if (mode === 'edit' && values.formRecipientEmail.trim() && !EMAIL.test(values.formRecipientEmail.trim())) {
    errors.formRecipientEmail = 'Valid email required';
  }
  return errors;
}

/**
 * What a number input holds while the browser cannot read its text (e.g. "1e"): `value` is then
 * "", which must not pass for "no daily cap", so the form keeps this instead and fails validation.
 */
export const UNREADABLE_NUMBER = 'unreadable';

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
  };
}
