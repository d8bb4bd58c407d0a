/**
 * The chat wire protocol shared by the widget and the API: request bodies, messages,
 * stream events and the public bot config. One definition, imported by both sides.
 * @packageDocumentation
 */
import { z } from 'zod';

// ---- Bad input (security issue 5): text cleaning and JSON bounds, shared with the API. ----

/** NUL and the bidi embedding/override/isolate controls; the harmless LRM/RLM marks stay. */
const UNSAFE_CHARS = /[\u0000\u202A-\u202E\u2066-\u2069]/g;

/**
 * `s` without NUL (U+0000) and bidi embedding/override/isolate controls (U+202A–U+202E,
 * U+2066–U+2069), which can disguise what a name or message says. U+200E/U+200F stay.
 */
export function cleanText(s: string): string {
  return s.replace(UNSAFE_CHARS, '');
}

/** A string schema that applies `cleanText` first, so later `.trim().min(1)` checks see the real text. */
export const cleanString = (params?: Parameters<typeof z.string>[0]) => z.string(params).overwrite(cleanText);

/** How many arrays/objects `value` nests (a scalar is 0); walked without recursion, stops once past `stopAbove`. */
export function jsonDepth(value: unknown, stopAbove = Infinity): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 1]];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [v, depth] = item;
    if (v === null || typeof v !== 'object') continue;
    if (depth > max && (max = depth) > stopAbove) break;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return max;
}

/** UTF-8 size of `value` as JSON. */
export const jsonBytes = (value: unknown): number => new TextEncoder().encode(JSON.stringify(value) ?? '').length;

/** `schema`, refusing values nested deeper than `maxDepth` or larger than `maxBytes` as JSON. */
export function boundedJson<T extends z.ZodType>(schema: T, { label, maxDepth, maxBytes }: { label: string; maxDepth: number; maxBytes: number }): T {
  return schema.superRefine((value, ctx) => {
    // Depth first: it bounds the recursion of JSON.stringify in the size check.
    if (jsonDepth(value, maxDepth) > maxDepth) {
      ctx.addIssue({ code: 'custom', message: `${label} is nested too deeply (at most ${maxDepth} levels)` });
    } else if (jsonBytes(value) > maxBytes) {
      const limit = maxBytes % 1024 ? `${maxBytes} bytes` : `${maxBytes / 1024} KB`;
      ctx.addIssue({ code: 'custom', message: `${label} is too large (at most ${limit})` });
    }
  });
}

/** Every message type a bot message may carry; `system` messages are never shown. */
export const messageTypes = [
  'text',
  'card',
  'menu',
  'multiselect_menu',
  'rating',
  'image',
  'quickReplies',
  'form',
  'table',
  'system',
] as const;
export const messageTypeSchema = z.enum(messageTypes);
export type MessageType = z.infer<typeof messageTypeSchema>;

/**
 * Session ids look like `session_{timestamp}_{random}`; the random part must carry at least
 * 128 bits (22+ base64url characters or 32+ hex characters), so ids cannot be guessed.
 */
export const SESSION_ID_PATTERN = /^session_\d{10,16}_[A-Za-z0-9_-]{22,128}$/;
export const sessionIdSchema = z.string().regex(SESSION_ID_PATTERN, 'Invalid session id').refine(hasEnoughRandomness, 'Invalid session id');

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

/** Creates a session id with 128 random bits from `crypto.getRandomValues`. */
export function createSessionId(now: number = Date.now()): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  let hex = '';
  for (const b of bytes) hex += b.toString(16).padStart(2, '0');
  return `session_${now}_${hex}`;
}

export const quickReplySchema = z.union([
  z.string(),
  z.object({ text: z.string(), action: z.string().optional() }).loose(),
]);
export type QuickReply = z.infer<typeof quickReplySchema>;

export const sourceRefSchema = z.object({ title: z.string().nullable().optional(), url: z.string().nullable().optional() });
export type SourceRef = z.infer<typeof sourceRefSchema>;

export const chunkSchema = z.object({
  content: z.string(),
  messageType: messageTypeSchema.optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  delay: z.number().optional(),
});
export type MessageChunk = z.infer<typeof chunkSchema>;

/** Message metadata: every field optional; unknown fields pass through. */
export const messageMetadataSchema = z
  .object({
    isFollowUp: z.boolean().optional(),
    isStreaming: z.boolean().optional(),
    streamingComplete: z.boolean().optional(),
    chunks: z.array(chunkSchema).optional(),
    quickReplies: z.array(quickReplySchema).optional(),
    emailSent: z.boolean().optional(),
    messageId: z.union([z.string(), z.number()]).optional(),
    sources: z.array(sourceRefSchema).optional(),
  })
  .loose();
export type MessageMetadata = z.infer<typeof messageMetadataSchema> & Record<string, unknown>;

export const chatMessageSchema = z.object({
  id: z.union([z.number(), z.string()]),
  sessionId: z.string(),
  content: z.string(),
  sender: z.enum(['user', 'bot']),
  messageType: messageTypeSchema,
  metadata: messageMetadataSchema.nullable().optional(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/**
 * A bot as a visitor's browser names it: its guid. Sequential ids are refused, so nobody can
 * walk the bots of an install by counting.
 */
export const chatbotRefSchema = z.string({ error: "chatbotConfigId must be the chatbot's guid" }).trim().min(1).max(100);

export const createSessionRequestSchema = z.object({
  sessionId: sessionIdSchema,
  chatbotConfigId: chatbotRefSchema.nullable().optional(),
});
export type CreateSessionRequest = z.infer<typeof createSessionRequestSchema>;

export const sendMessageRequestSchema = z.object({
  content: cleanString().trim().min(1, 'Message is required').max(4000, 'Message must be at most 4000 characters'),
  /** Visitors write text; every other type (system, card, form, ...) is the bot's alone. */
  messageType: z.literal('text', { error: 'Visitors can only send text messages' }).default('text'),
});
export type SendMessageRequest = z.infer<typeof sendMessageRequestSchema>;

export const streamRequestSchema = sendMessageRequestSchema.extend({
  /** Instruction for the bot (menu selection, survey start) that is not shown as the visitor's words. */
  internalMessage: cleanString().max(4000).optional(),
  chatbotConfigId: chatbotRefSchema.nullable().optional(),
});
export type StreamRequest = z.infer<typeof streamRequestSchema>;

export const selectOptionRequestSchema = z.object({
  optionId: z.string().min(1).max(200),
  payload: boundedJson(z.unknown(), { label: 'payload', maxDepth: 8, maxBytes: 8 * 1024 }).optional(),
  optionText: cleanString().max(1000).optional(),
});
export type SelectOptionRequest = z.infer<typeof selectOptionRequestSchema>;

export const formFieldValueSchema = z.object({
  id: z.string().min(1).max(100),
  label: cleanString().max(200),
  type: z.string().max(50).optional(),
  value: cleanString().max(5000),
});
export const submitFormRequestSchema = z.object({
  formData: z.array(formFieldValueSchema).min(1, 'formData must have at least one field').max(50),
  formTitle: cleanString().trim().min(1, 'formTitle is required').max(200),
});
export type SubmitFormRequest = z.infer<typeof submitFormRequestSchema>;
export const submitFormResponseSchema = z.object({ success: z.boolean(), messageId: z.union([z.number(), z.string()]) });

/** Title of the widget's contact form shown when the bot is over its limit or inactive. */
export const LIMIT_CONTACT_FORM_TITLE = 'Contact Request - Message Limit Exceeded';

export const homeTopicSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string().optional(),
    icon: z.string().optional(),
    message: z.string().optional(),
    actionType: z.string().optional(),
    surveyId: z.union([z.string(), z.number()]).optional(),
    action: z.string().optional(),
    category: z.string().optional(),
  })
  .loose();
export type HomeTopic = z.infer<typeof homeTopicSchema>;

export const homeComponentSchema = z
  .object({
    id: z.string(),
    type: z.string(),
    order: z.number().optional(),
    visible: z.boolean().optional(),
    /** Components sit 3 levels into a home screen config, so 9 levels keep within its 12. */
    props: boundedJson(z.record(z.string(), z.unknown()), { label: 'props', maxDepth: 9, maxBytes: 32 * 1024 }).default({}),
  })
  .loose();
export type HomeComponent = z.infer<typeof homeComponentSchema>;

export const homeScreenConfigSchema = z
  .object({
    version: z.union([z.string(), z.number()]).optional(),
    components: z.array(homeComponentSchema).default([]),
    theme: z
      .object({
        primaryColor: z.string().optional(),
        backgroundColor: z.string().optional(),
        textColor: z.string().optional(),
        backgroundImageUrl: z.string().nullable().optional(),
        backgroundImageTransparency: z.number().min(0).max(100).optional(),
      })
      .loose()
      .optional(),
    settings: z
      .object({
        enableSearch: z.boolean().optional(),
        enableCategories: z.boolean().optional(),
        defaultCategory: z.string().optional(),
      })
      .loose()
      .optional(),
  })
  .loose();
export type HomeScreenConfig = z.infer<typeof homeScreenConfigSchema>;

/** The bot as the widget sees it. */
export const publicChatbotConfigSchema = z.object({
  id: z.number(),
  guid: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  isActive: z.boolean(),
  welcomeMessage: z.string().nullable(),
  initialMessages: z.array(z.string()),
  formConfirmationMessage: z.string().nullable(),
  theme: z.object({ chat: z.object({ primary: z.string() }) }),
  homeScreenConfig: homeScreenConfigSchema.nullable(),
});
export type PublicChatbotConfig = z.infer<typeof publicChatbotConfigSchema>;

export const streamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delta'), id: z.union([z.string(), z.number()]), content: z.string() }),
  z.object({ type: z.literal('bubble'), message: chatMessageSchema }),
  z.object({ type: z.literal('complete'), messages: z.array(chatMessageSchema) }),
  z.object({
    type: z.literal('limit_exceeded'),
    message: z.string(),
    showContactForm: z.boolean(),
    chatbotConfig: publicChatbotConfigSchema.nullable(),
  }),
  z.object({
    type: z.literal('chatbot_inactive'),
    message: z.string(),
    showContactForm: z.boolean(),
    chatbotConfig: publicChatbotConfigSchema.nullable(),
  }),
  z.object({ type: z.literal('error'), message: z.string() }),
  z.object({ type: z.literal('end') }),
]);
export type StreamEvent = z.infer<typeof streamEventSchema>;

/** Error body of every non-2xx JSON answer. */
export const errorBodySchema = z.object({ message: z.string(), details: z.record(z.string(), z.unknown()).optional() });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The session object answered by `POST /api/chat/session`. */
export const chatSessionSchema = z.object({
  id: z.number(),
  sessionId: z.string(),
  chatbotId: z.number(),
  chatbotGuid: z.string(),
  messageCount: z.number(),
  createdAt: z.string(),
  lastMessageAt: z.string(),
  chatbotConfig: publicChatbotConfigSchema,
});
export type ChatSession = z.infer<typeof chatSessionSchema>;

/** A field of a bot-supplied `form` message (metadata.formFields). */
export const formFieldSchema = z.object({
  id: z.string(),
  label: z.string(),
  type: z.string(),
  placeholder: z.string().optional(),
  required: z.boolean().optional(),
});
export type FormField = z.infer<typeof formFieldSchema>;

/** Metadata of a `form` message: what the widget renders and submits through submit-form. */
export const formMetadataSchema = z
  .object({
    title: z.string(),
    formFields: z.array(formFieldSchema),
    submitButton: z.object({ text: z.string(), icon: z.string().optional() }).optional(),
  })
  .loose();
export type FormMetadata = z.infer<typeof formMetadataSchema>;

/**
 * What `/widget/{userId}/{guid}` injects as `window.__PARLEY_WIDGET_CONFIG__` before loading
 * `/embed.js`: the iframe widget starts from it without another round trip.
 */
export const injectedWidgetConfigSchema = z.object({
  apiUrl: z.string(),
  embedded: z.literal(true),
  chatbotConfig: publicChatbotConfigSchema,
});
export type InjectedWidgetConfig = z.infer<typeof injectedWidgetConfigSchema>;

/**
 * The survey id in a survey topic's internal message (`surveyStartMessage(id)`), or null. The
 * server hands such turns to the survey feature.
 */
export function parseSurveyStart(internalMessage: string | null | undefined): string | null {
  const match = /^\s*\[?start_survey:([A-Za-z0-9_-]{1,64})\]?/.exec(internalMessage ?? '');
  return match ? match[1] : null;
}

// ---- Added for the widget (issue 5); shared with the server pages that host it. ----

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
