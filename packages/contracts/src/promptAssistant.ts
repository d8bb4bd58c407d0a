import { SYSTEM_PROMPT_MAX_LENGTH } from './chatbot';

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

export const PROMPT_ASSISTANT_LIMITS = {
  chatbotName: 100,
  description: 1000,
  currentPrompt: SYSTEM_PROMPT_MAX_LENGTH,
  userMessage: 2000,
  /** Earlier turns sent along so a model can follow the conversation. */
  historyTurns: 12,
  /**
   * What of them reaches the model: each turn cut to 4000 characters and, newest first, 8000 in
   * all; older turns beyond that are dropped (not refused), so a long chat never costs more.
   */
  historyTurnChars: 4000,
  historyChars: 8000,
} as const;

/** The bot as the form shows it right now (unsaved edits included). */
export interface PromptAssistantContext {
  chatbotName: string;
  description: string;
  currentPrompt: string;
  /**
   * Parley addition: the Model field as the form shows it, so the assistant writes with the model
   * the owner picked; without it the stored bot's model, else the default.
   */
  model?: string;
}

/** One earlier turn of a conversation (the assistant's, or a visitor chat's), oldest first. */
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

/**
 * The turns a model sees: the newest `historyTurns`, each cut to `historyTurnChars` (ending in
 * "…" when cut), as many of the newest as fit in `historyChars` in all.
 */
export function capHistory(history: PromptAssistantTurn[]): PromptAssistantTurn[] {
  const kept: PromptAssistantTurn[] = [];
  let total = 0;
  for (const { role, content } of history.slice(-PROMPT_ASSISTANT_LIMITS.historyTurns).reverse()) {
    const cut = content.length > PROMPT_ASSISTANT_LIMITS.historyTurnChars ? `${content.slice(0, PROMPT_ASSISTANT_LIMITS.historyTurnChars - 1)}…` : content;
    if (total + cut.length > PROMPT_ASSISTANT_LIMITS.historyChars) break;
    total += cut.length;
    kept.unshift({ role, content: cut });
  }
  return kept;
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
