/**
 * The prompt assistant on the create and edit chatbot pages: what the dashboard sends to
 * `POST /api/chatbots/{guid}/prompt-assistant`, what it gets back, and the panel's texts.
 * Plain types and constants; the zod schemas are in `promptAssistant.schemas.ts`.
 */

/** generate: write a prompt from the bot's details; improve: rework the current one; chat: talk. */
export const PROMPT_ASSISTANT_ACTIONS = ['generate', 'improve', 'chat'] as const;
export type PromptAssistantAction = (typeof PROMPT_ASSISTANT_ACTIONS)[number];

/** The guid segment the create page sends: the bot does not exist yet, only the form's values do. */
export const NEW_CHATBOT_GUID = 'new-chatbot';

/** The longest system prompt a bot may have; the chatbot schema refuses anything longer. */
export const SYSTEM_PROMPT_MAX_LENGTH = 20000;

export const PROMPT_ASSISTANT_LIMITS = {
  chatbotName: 100,
  description: 1000,
  currentPrompt: SYSTEM_PROMPT_MAX_LENGTH,
  userMessage: 2000,
  /** Earlier turns sent along so a model can follow the conversation. */
  historyTurns: 12,
} as const;

/** The bot as the form shows it right now (unsaved edits included). */
export interface PromptAssistantContext {
  chatbotName: string;
  description: string;
  currentPrompt: string;
}

/** One earlier turn of the assistant conversation, oldest first. */
export interface PromptAssistantTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface PromptAssistantRequest {
  action: PromptAssistantAction;
  context: PromptAssistantContext;
  /** The owner's words: instructions for generate and improve ("be concise"), the message for chat. */
  userMessage: string;
  /** Parley addition: earlier turns, so a model-backed assistant holds a real conversation. */
  history?: PromptAssistantTurn[];
}

export interface PromptAssistantBubble {
  content: string;
}

/**
 * A reply. For generate and improve the first bubble is the system prompt alone (ready to copy
 * or apply) and any further bubbles are short notes; a plain chat answer is `content`.
 */
export type PromptAssistantResponse =
  | { action: PromptAssistantAction; bubbles: PromptAssistantBubble[] }
  | { action: PromptAssistantAction; content: string };

/** The panel's texts, word for word. */
export const PROMPT_ASSISTANT_MESSAGES = {
  failed: 'Failed to get prompt assistance. Please try again.',
  empty: "I couldn't generate a response.",
  copied: 'Copied!',
  applied: 'Applied!',
  offline: 'Offline assistant: prompts are written from your bot\'s details and sources (no AI model configured).',
  noPromptToImprove: 'There is no current prompt to improve. Write one or use Generate first.',
  messageRequired: 'Write a message for the assistant',
} as const;
