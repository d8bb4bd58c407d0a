import { createContext, useContext } from 'react';
import type { ChatMessage, FeedbackRating } from '@parley/contracts';

/** A choice offered by a menu, card button or multiselect. */
export interface MenuOption {
  id: string;
  text: string;
  icon?: string;
  payload?: unknown;
}

/** What select-option records on a message: the chosen id(s), their text and payload. */
export interface RecordedChoice {
  optionId: string;
  optionText: string;
  payload?: unknown;
  /**
   * The bot message that offered the choice, so the server records it there and not on a later
   * message with the same option (a survey asks similar questions). Taken from the message key
   * when absent.
   */
  messageId?: number;
  /** The words typed with an Other choice, apart from the other choices' texts. */
  otherText?: string;
}

/** One answered field of a bot-supplied form. */
export interface FormFieldValue {
  id: string;
  label: string;
  type?: string;
  value: string;
}

/** What interactive messages may do; provided by the chat and replaceable in stories and tests. */
export interface ChatActions {
  /** Sends visitor text; `internalMessage` is the instruction the bot receives when it differs. */
  send(content: string, internalMessage?: string): void;
  /** Records a menu/card choice (select-option), then sends it as a streamed message. */
  selectOption(messageKey: string, option: MenuOption, typedText?: string): void;
  /**
   * Records a rating or multiselect answer on its message (select-option), then sends `text` as
   * the visitor's message. Optional: without it, components only send the text.
   */
  submitChoice?(messageKey: string, choice: RecordedChoice, text: string): void;
  /** Posts a bot form through submit-form; answers whether it succeeded. */
  submitForm(messageKey: string, title: string, fields: FormFieldValue[]): Promise<boolean>;
  /**
   * Records the visitor's thumbs up or down on a bot answer (see `isRateableAnswer`): the vote
   * shows at once on the message's `feedback`, and how the call went under
   * `answers[feedbackKey(messageId)]` (ChatController). Optional: without it (a read-only
   * transcript) answers show the recorded vote as text instead of buttons.
   */
  rateAnswer?(messageId: number | string, rating: FeedbackRating): void;
  /** Answers given to interactive messages, kept outside components so they survive remounts. */
  answers: Record<string, unknown>;
  setAnswer(messageKey: string, value: unknown): void;
  /** True while the bot is typing or the chat is read-only. */
  disabled: boolean;
  /** Base URL against which relative image and link URLs are resolved. */
  apiUrl: string;
  formConfirmationMessage?: string | null;
  /**
   * The newest bot message of the conversation (see {@link lastBotMessage}): quick replies show
   * under it only, and the composer asks for a survey answer while it is an open text question.
   * Unset (a transcript, a story of one message): every message keeps its quick replies.
   */
  lastBotMessage?: ChatMessage | null;
  /**
   * Whether the message with this key still takes an answer: false for a survey question that
   * is answered or that the survey has moved past (see `closedQuestions`), so its choices are
   * locked and its quick replies gone; true for any other message. Components ask it through
   * `questionOpen`, which falls back on the message's own marks when it is unset.
   */
  isOpen?(messageKey: string): boolean;
}

const noop = () => {};
export const ChatActionsContext = createContext<ChatActions>({
  send: noop,
  selectOption: noop,
  submitForm: async () => false,
  answers: {},
  setAnswer: noop,
  disabled: false,
  apiUrl: '',
});

export function useChatActions(): ChatActions {
  return useContext(ChatActionsContext);
}

/**
 * The answer the server recorded on a message (`metadata.selection`, set by select-option), so
 * a conversation reloaded from history does not offer an answered menu or rating again.
 */
export function recordedChoice(metadata: Record<string, unknown>): RecordedChoice | undefined {
  const selection = metadata.selection as { optionId?: unknown; optionText?: unknown; payload?: unknown } | null | undefined;
  if (!selection || typeof selection !== 'object' || typeof selection.optionId !== 'string') return undefined;
  return { optionId: selection.optionId, optionText: typeof selection.optionText === 'string' ? selection.optionText : '', payload: selection.payload };
}

/** The newest bot message that shows (system messages do not), or null before the bot has said anything. */
export function lastBotMessage(messages: readonly ChatMessage[]): ChatMessage | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message.sender === 'bot' && message.messageType !== 'system') return message;
  }
  return null;
}

/** Options with these ids open a free-text input ("Other"). */
export function isOtherOption(option: { id: string }): boolean {
  return option.id === 'q_other' || option.id === 'other';
}

/** Reads a metadata array defensively: bot metadata is owner- and model-supplied. */
export function asArray<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value.filter((v) => v !== null && v !== undefined) as T[]) : [];
}

/** Normalises option-like metadata (strings or objects) into MenuOption values. */
export function toOptions(value: unknown): MenuOption[] {
  return asArray<unknown>(value).map((raw, i) => {
    if (typeof raw === 'string') return { id: raw, text: raw };
    const o = raw as Record<string, unknown>;
    const text = String(o.text ?? o.label ?? o.title ?? o.id ?? '');
    return { id: String(o.id ?? `option-${i}`), text, icon: typeof o.icon === 'string' ? o.icon : undefined, payload: o.payload };
  });
}
