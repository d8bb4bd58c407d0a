/**
 * The chat wire protocol as plain types: request bodies, messages, stream events and the
 * public bot config, plus the few constants and pure functions both ends need. The zod
 * schemas that check the same shapes on the server are in `chat.schemas.ts`.
 */
import type { HomeScreenConfig } from './homeScreen';

/** Every message type a bot message may carry; `system` messages are never shown. */
export const messageTypes = ['text', 'card', 'menu', 'multiselect_menu', 'rating', 'image', 'quickReplies', 'form', 'table', 'system'] as const;
export type MessageType = (typeof messageTypes)[number];

/**
 * Session ids look like `session_{timestamp}_{random}`; the random part must carry at least
 * 128 bits (22+ base64url characters or 32+ hex characters), so ids cannot be guessed.
 */
export const SESSION_ID_PATTERN = /^session_\d{10,16}_[A-Za-z0-9_-]{22,128}$/;

/**
 * The pattern alone would accept 22 hex digits (88 bits), so the random part must carry at
 * least 128 bits for its alphabet (32 hex digits, 22 base64url characters, ...) and must not
 * be repetitive.
 */
export function hasEnoughRandomness(sessionId: string): boolean {
  const random = /^session_\d+_(.+)$/.exec(sessionId)?.[1];
  if (!random) return false;
  const alphabet = /^\d+$/.test(random) ? 10 : /^[0-9a-f]+$/i.test(random) ? 16 : /^[0-9a-z]+$/.test(random) ? 36 : 64;
  const distinct = new Set(random).size;
  return random.length * Math.log2(alphabet) >= 128 && distinct >= Math.min(8, alphabet / 2);
}

/**
 * Where a floating widget keeps the visitor's chat session id in the tab's session storage; the
 * marketing site's own widget reads and writes the same key, so both share one session.
 */
export const SESSION_STORAGE_KEY = 'global-chat-session-id';

/** Creates a session id with 128 random bits from `crypto.getRandomValues`. */
export function createSessionId(now: number = Date.now()): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  let hex = '';
  for (const b of bytes) hex += b.toString(16).padStart(2, '0');
  return `session_${now}_${hex}`;
}

/** A quick reply: its text, or an object whose `action` is sent instead of the text. */
export type QuickReply = string | { text: string; action?: string; [key: string]: unknown };

/** Where an answer came from, shown under the bot's message. */
export interface SourceRef {
  title?: string | null;
  url?: string | null;
}

/** One bubble of a message the server splits into timed chunks. */
export interface MessageChunk {
  content: string;
  messageType?: MessageType;
  metadata?: Record<string, unknown>;
  delay?: number;
}

/**
 * How long the widget waits before revealing each bubble of a split answer when a chunk names
 * no `delay`: the first at once, each later one after 800 ms.
 */
export const CHUNK_DELAY_MS = { first: 0, next: 800 } as const;

/** Message metadata: every field optional; unknown fields pass through. */
export interface MessageMetadata {
  isFollowUp?: boolean;
  isStreaming?: boolean;
  streamingComplete?: boolean;
  chunks?: MessageChunk[];
  quickReplies?: QuickReply[];
  emailSent?: boolean;
  messageId?: string | number;
  sources?: SourceRef[];
  /** Set on a bot answer the model wrote: it answered, or it gave the fallback. Only these take votes. */
  answerStatus?: AnswerStatus;
  [key: string]: unknown;
}

/** How a model-written bot answer ended: a real answer or the bot's fallback message. */
export const answerStatuses = ['answered', 'fallback'] as const;
export type AnswerStatus = (typeof answerStatuses)[number];

/** A visitor's vote on one bot answer. */
export const feedbackRatings = ['up', 'down'] as const;
export type FeedbackRating = (typeof feedbackRatings)[number];

/** Body of `POST /api/chat/{sessionId}/messages/{messageId}/feedback`; a later vote replaces the earlier one. */
export interface FeedbackRequest {
  rating: FeedbackRating;
}

/** Answer of the feedback call: the vote now stored on the message. */
export interface FeedbackResponse {
  messageId: number;
  rating: FeedbackRating;
}

/**
 * Whether a visitor may vote on a message: bot answers the model wrote (they carry
 * `metadata.answerStatus`), never greetings, forms, survey steps or the visitor's own words.
 */
export function isRateableAnswer(message: Pick<ChatMessage, 'sender' | 'metadata'>): boolean {
  const status = message.metadata?.answerStatus;
  return message.sender === 'bot' && (status === 'answered' || status === 'fallback');
}

export interface ChatMessage {
  id: number | string;
  sessionId: string;
  content: string;
  sender: 'user' | 'bot';
  messageType: MessageType;
  metadata?: MessageMetadata | null;
  createdAt: string;
  /** The visitor's vote on a bot answer (see `isRateableAnswer`); absent or null until they vote. */
  feedback?: FeedbackRating | null;
}

/** Body of `POST /api/chat/session`. */
export interface CreateSessionRequest {
  sessionId: string;
  /** The bot's guid; sequential ids are refused so nobody can walk the bots of an install. */
  chatbotConfigId?: string | null;
  /**
   * The owner's test token (`POST /api/chatbots/{guid}/test-token`): a session created with it
   * is a test session, not counted against the monthly quota and labelled Test in history.
   */
  testToken?: string;
}

/** Body of `POST /api/chat/{sessionId}/messages`. Visitors write text; every other type is the bot's alone. */
export interface SendMessageRequest {
  content: string;
  messageType: 'text';
}

/** Body of `POST /api/chat/{sessionId}/stream`. */
export interface StreamRequest extends SendMessageRequest {
  /** Instruction for the bot (menu selection, survey start) that is not shown as the visitor's words. */
  internalMessage?: string;
  chatbotConfigId?: string | null;
  /** As in `CreateSessionRequest`: used only when this call creates the session. */
  testToken?: string;
}

/** Body of `POST /api/chat/{sessionId}/select-option`. */
export interface SelectOptionRequest {
  optionId: string;
  payload?: unknown;
  optionText?: string;
  /** The bot message that offered the choice; without it the latest message with that option. */
  messageId?: number;
  /** The words typed with an Other option, apart from the other choices' texts. */
  otherText?: string;
}

/** One answered field of a form. */
export interface FormFieldValue {
  id: string;
  label: string;
  type?: string;
  value: string;
}

/** Body of `POST /api/chat/{sessionId}/submit-form`. */
export interface SubmitFormRequest {
  formData: FormFieldValue[];
  formTitle: string;
}

/** A form the visitor sent (a lead), as its `system` message records it. */
export interface SentForm {
  formTitle: string;
  fields: FormFieldValue[];
  /** Whether it reached the owner by mail. */
  emailSent: boolean;
}

/**
 * The form a `system` message records (its metadata holds `formSubmissionId`, `formTitle`,
 * `formData` and `emailSent`), or null for any other message. Stored metadata is read
 * defensively: a field needs an id or a label, and names itself by whichever it has.
 */
export function leadOfMessage(message: { messageType: string; metadata?: Record<string, unknown> | null }): SentForm | null {
  const meta = message.metadata;
  if (message.messageType !== 'system' || typeof meta?.formSubmissionId !== 'number') return null;
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');
  const fields = (Array.isArray(meta.formData) ? (meta.formData as unknown[]) : []).flatMap((raw): FormFieldValue[] => {
    const f = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    const id = text(f.id) || text(f.label);
    if (!id) return [];
    return [{ id, label: text(f.label) || id, type: text(f.type) || 'text', value: text(f.value) }];
  });
  return { formTitle: text(meta.formTitle) || 'Form', fields, emailSent: meta.emailSent === true };
}

/** Title of the widget's contact form shown when the bot is over its limit or inactive. */
export const LIMIT_CONTACT_FORM_TITLE = 'Contact Request - Message Limit Exceeded';

/** The bot as the widget sees it. */
export interface PublicChatbotConfig {
  id: number;
  guid: string;
  name: string;
  avatarUrl: string | null;
  isActive: boolean;
  welcomeMessage: string | null;
  initialMessages: string[];
  formConfirmationMessage: string | null;
  theme: { chat: { primary: string } };
  homeScreenConfig: HomeScreenConfig | null;
}

/** A bot that cannot answer now: over a limit (`limit_exceeded`) or switched off (`chatbot_inactive`). */
interface UnavailableEvent<T extends 'limit_exceeded' | 'chatbot_inactive'> {
  type: T;
  message: string;
  showContactForm: boolean;
  chatbotConfig: PublicChatbotConfig | null;
}

/** One server-sent event of a chat stream (`data: {json}`); `delta` carries tokens of the bubble being written. */
export type StreamEvent =
  | { type: 'delta'; id: string | number; content: string }
  | { type: 'bubble'; message: ChatMessage }
  | { type: 'complete'; messages: ChatMessage[] }
  | UnavailableEvent<'limit_exceeded'>
  | UnavailableEvent<'chatbot_inactive'>
  | { type: 'error'; message: string }
  | { type: 'end' };

/** Error body of every non-2xx JSON answer. */
export interface ErrorBody {
  message: string;
  details?: Record<string, unknown>;
}

/** The session object answered by `POST /api/chat/session`. */
export interface ChatSession {
  id: number;
  sessionId: string;
  chatbotId: number;
  chatbotGuid: string;
  messageCount: number;
  createdAt: string;
  lastMessageAt: string;
  chatbotConfig: PublicChatbotConfig;
}

/** A field of a bot-supplied `form` message (metadata.formFields). */
export interface FormField {
  id: string;
  label: string;
  type: string;
  placeholder?: string;
  required?: boolean;
}

/** Metadata of a `form` message: what the widget renders and submits through submit-form. */
export interface FormMetadata {
  title: string;
  formFields: FormField[];
  submitButton?: { text: string; icon?: string };
  [key: string]: unknown;
}

/** `postMessage` type an embedded widget sends to its parent window when the visitor minimises it. */
export const EMBED_CLOSE_MESSAGE_TYPE = 'chat-widget:close';

/**
 * Global a server-rendered widget page may define before loading the widget
 * (`window.__PARLEY_WIDGET__ = { apiUrl, chatbotId, embedded, chatbotConfig }`);
 * `ChatWidget.init()` uses it for options it is not given.
 */
export const WIDGET_CONFIG_GLOBAL = '__PARLEY_WIDGET__';

/** Prefix of the internal message a survey topic sends to begin a survey: `start_survey:{surveyId}`. */
export const SURVEY_START_PREFIX = 'start_survey:';

/** The internal message that asks the bot to begin survey `surveyId` in this session. */
export function surveyStartMessage(surveyId: string | number): string {
  return `${SURVEY_START_PREFIX}${surveyId}`;
}

/**
 * The survey id in a survey topic's internal message (`surveyStartMessage(id)`), or null. The
 * server hands such turns to the survey feature.
 */
export function parseSurveyStart(internalMessage: string | null | undefined): string | null {
  const match = /^\s*\[?start_survey:([A-Za-z0-9_-]{1,64})\]?/.exec(internalMessage ?? '');
  return match ? match[1] : null;
}
