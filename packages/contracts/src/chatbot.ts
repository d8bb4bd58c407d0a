/**
 * A chatbot's settings as its owner edits them: the models on offer, what a new bot starts
 * with, the bounds of its numbers and the messages shown when a value is refused. Plain
 * constants (no zod): the server's schema in `chatbot.schemas.ts` and the dashboard's bot form
 * both read them, so the two never disagree.
 */
import type { HomeScreenConfig } from './homeScreen';

/** The OpenAI models an owner may pick. */
export const MODELS = ['gpt-4o-mini', 'gpt-4o', 'gpt-4.1'] as const;

/** What a new bot starts with: the form's initial values, and the server's for fields left out. */
export const CHATBOT_DEFAULTS = {
  model: 'gpt-4.1',
  temperature: 7,
  maxTokens: 1000,
  systemPrompt:
    'You are a helpful customer support assistant. Answer clearly, accurately and in a friendly tone, using the provided knowledge about the business. If you do not know the answer, say so and offer to connect the visitor with a human.',
  welcomeMessage: 'Hello! How can I help you today?',
  fallbackMessage: "I'm sorry, I didn't understand that. Could you please rephrase your question?",
  initialMessages: ['Hello! Need any help? 👋'],
} as const;

/** Temperature is stored in tenths (7 means 0.7), so the slider moves in whole steps. */
export const TEMPERATURE_RANGE = { min: 0, max: 10 } as const;
export const MAX_TOKENS_RANGE = { min: 100, max: 4000 } as const;

/** Visitor messages a bot answers per UTC day, when its owner sets a cap (an owner's brake under abuse). */
export const DAILY_MESSAGE_LIMIT_MAX = 1_000_000;
export const DAILY_MESSAGE_LIMIT_RANGE = { min: 1, max: DAILY_MESSAGE_LIMIT_MAX } as const;
export const DAILY_MESSAGE_LIMIT_MESSAGE = `Daily message limit must be between ${DAILY_MESSAGE_LIMIT_RANGE.min} and ${DAILY_MESSAGE_LIMIT_MAX}`;

/** Sites one bot may be embedded on, when its owner restricts them. */
export const MAX_ALLOWED_DOMAINS = 50;

/** The longest system prompt a bot may have; the chatbot schema refuses anything longer. */
export const SYSTEM_PROMPT_MAX_LENGTH = 20000;

/** Pop-up bubbles a bot may show while the widget is closed. */
export const MAX_INITIAL_MESSAGES = 10;

/** The bot form's texts, word for word. */
export const CHATBOT_MESSAGES = {
  nameRequired: 'Name is required',
  nameLong: 'Name must be at most 100 characters',
  systemPromptRequired: 'System prompt is required',
  systemPromptLong: `System prompt must be at most ${SYSTEM_PROMPT_MAX_LENGTH} characters`,
  modelRequired: 'Model is required',
  temperature: `Temperature must be between ${TEMPERATURE_RANGE.min} and ${TEMPERATURE_RANGE.max}`,
  maxTokens: `Max tokens must be between ${MAX_TOKENS_RANGE.min} and ${MAX_TOKENS_RANGE.max}`,
  dailyMessageLimit: DAILY_MESSAGE_LIMIT_MESSAGE,
  avatarUrl: 'Avatar URL must be an http(s) URL',
  formRecipientEmail: 'Valid email required',
  allowedDomains: 'Allowed domains must be host names like example.com',
  allowedDomainsCount: `List at most ${MAX_ALLOWED_DOMAINS} allowed domains`,
} as const;

/**
 * An image address a bot avatar or a profile picture may use: an http(s) URL with a host and no
 * spaces, or a path on this server ("/uploads/..."; "//host" is another site's address, so it is
 * refused). The forms' "empty clears it" is the schemas' business, not this rule's.
 */
export function isImageAddress(value: string): boolean {
  if (/\s/.test(value)) return false;
  if (/^\/(?!\/)/.test(value)) return true;
  if (!/^https?:\/\/[^/]/i.test(value)) return false;
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}

/** Every setting an owner edits, as the server stores it. */
export interface ChatbotSettings {
  name: string;
  description: string | null;
  /** An http(s) address or a path on this server; empty clears it. */
  avatarUrl: string | null;
  systemPrompt: string;
  model: string;
  /** In tenths: 7 means 0.7. */
  temperature: number;
  maxTokens: number;
  welcomeMessage: string | null;
  fallbackMessage: string | null;
  initialMessages: string[];
  isActive: boolean;
  /** Empty or null: contact forms go to the owner. */
  formRecipientEmail: string | null;
  formRecipientName: string | null;
  formConfirmationMessage: string | null;
  /** Host names (optionally "*.") that may embed the bot; empty means anywhere. */
  allowedDomains: string[];
  /** Visitor messages answered per UTC day; null means no daily cap. */
  dailyMessageLimit: number | null;
  homeScreenConfig: HomeScreenConfig | null;
}

/** PUT /api/chatbots/{guid}: only what changed. */
export type UpdateChatbotInput = Partial<ChatbotSettings>;

/** POST /api/chatbots: the client picks the guid; only the name is required. */
export type CreateChatbotInput = UpdateChatbotInput & { guid: string; name: string };
