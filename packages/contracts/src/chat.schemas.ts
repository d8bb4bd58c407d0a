/**
 * zod schemas of the chat wire protocol, for the server. Each one checks the plain type of the
 * same name in `chat.ts` (`satisfies z.ZodType<T>`; `contracts.types.test.ts` checks the other
 * direction), so the widget's types and the server's validation cannot drift apart.
 */
import { z } from 'zod';
import type {
  ChatMessage,
  ChatSession,
  CreateSessionRequest,
  ErrorBody,
  FeedbackRequest,
  FeedbackResponse,
  FormField,
  FormFieldValue,
  FormMetadata,
  MessageChunk,
  MessageMetadata,
  PublicChatbotConfig,
  QuickReply,
  SelectOptionRequest,
  SendMessageRequest,
  SourceRef,
  StreamEvent,
  StreamRequest,
  SubmitFormRequest,
} from './chat';
import { answerStatuses, feedbackRatings, hasEnoughRandomness, messageTypes, SESSION_ID_PATTERN } from './chat';
import { homeScreenConfigSchema } from './homeScreen.schemas';
import { boundedJson, cleanString } from './text.schemas';

export const messageTypeSchema = z.enum(messageTypes);

export const sessionIdSchema = z.string().regex(SESSION_ID_PATTERN, 'Invalid session id').refine(hasEnoughRandomness, 'Invalid session id');

export const quickReplySchema = z.union([z.string(), z.object({ text: z.string(), action: z.string().optional() }).loose()]) satisfies z.ZodType<QuickReply>;

export const sourceRefSchema = z.object({ title: z.string().nullable().optional(), url: z.string().nullable().optional() }) satisfies z.ZodType<SourceRef>;

export const chunkSchema = z.object({
  content: z.string(),
  messageType: messageTypeSchema.optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  delay: z.number().optional(),
}) satisfies z.ZodType<MessageChunk>;

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
    answerStatus: z.enum(answerStatuses).optional(),
  })
  .loose() satisfies z.ZodType<MessageMetadata>;

export const feedbackRatingSchema = z.enum(feedbackRatings, { error: 'rating must be "up" or "down"' });

export const feedbackRequestSchema = z.object({ rating: feedbackRatingSchema }) satisfies z.ZodType<FeedbackRequest>;

export const feedbackResponseSchema = z.object({ messageId: z.number(), rating: feedbackRatingSchema }) satisfies z.ZodType<FeedbackResponse>;

export const chatMessageSchema = z.object({
  id: z.union([z.number(), z.string()]),
  sessionId: z.string(),
  content: z.string(),
  sender: z.enum(['user', 'bot']),
  messageType: messageTypeSchema,
  metadata: messageMetadataSchema.nullable().optional(),
  createdAt: z.string(),
  feedback: feedbackRatingSchema.nullable().optional(),
}) satisfies z.ZodType<ChatMessage>;

/** A bot as a visitor's browser names it: its guid (see `CreateSessionRequest`). */
export const chatbotRefSchema = z.string({ error: "chatbotConfigId must be the chatbot's guid" }).trim().min(1).max(100);

/** Only its hash is looked up, so the shape check is just a bound on its length. */
const testTokenSchema = z.string({ error: 'testToken must be a string' }).min(1, 'Invalid test token').max(200, 'Invalid test token');

export const createSessionRequestSchema = z.object({
  sessionId: sessionIdSchema,
  chatbotConfigId: chatbotRefSchema.nullable().optional(),
  testToken: testTokenSchema.optional(),
}) satisfies z.ZodType<CreateSessionRequest>;

export const sendMessageRequestSchema = z.object({
  content: cleanString().trim().min(1, 'Message is required').max(4000, 'Message must be at most 4000 characters'),
  messageType: z.literal('text', { error: 'Visitors can only send text messages' }).default('text'),
}) satisfies z.ZodType<SendMessageRequest, unknown>;

export const streamRequestSchema = sendMessageRequestSchema.extend({
  internalMessage: cleanString().max(4000).optional(),
  chatbotConfigId: chatbotRefSchema.nullable().optional(),
  testToken: testTokenSchema.optional(),
}) satisfies z.ZodType<StreamRequest, unknown>;

export const selectOptionRequestSchema = z.object({
  optionId: z.string().min(1).max(200),
  payload: boundedJson(z.unknown(), { label: 'payload', maxDepth: 8, maxBytes: 8 * 1024 }).optional(),
  optionText: cleanString().max(1000).optional(),
  messageId: z.number().int().positive().optional(),
  otherText: cleanString().max(1000).optional(),
}) satisfies z.ZodType<SelectOptionRequest>;

export const formFieldValueSchema = z.object({
  id: z.string().min(1).max(100),
  label: cleanString().max(200),
  type: z.string().max(50).optional(),
  value: cleanString().max(5000),
}) satisfies z.ZodType<FormFieldValue>;

export const submitFormRequestSchema = z.object({
  formData: z.array(formFieldValueSchema).min(1, 'formData must have at least one field').max(50),
  formTitle: cleanString().trim().min(1, 'formTitle is required').max(200),
}) satisfies z.ZodType<SubmitFormRequest>;

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
}) satisfies z.ZodType<PublicChatbotConfig, unknown>;

const unavailableEvent = <T extends 'limit_exceeded' | 'chatbot_inactive'>(type: T) =>
  z.object({ type: z.literal(type), message: z.string(), showContactForm: z.boolean(), chatbotConfig: publicChatbotConfigSchema.nullable() });

export const streamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delta'), id: z.union([z.string(), z.number()]), content: z.string() }),
  z.object({ type: z.literal('bubble'), message: chatMessageSchema }),
  z.object({ type: z.literal('complete'), messages: z.array(chatMessageSchema) }),
  unavailableEvent('limit_exceeded'),
  unavailableEvent('chatbot_inactive'),
  z.object({ type: z.literal('error'), message: z.string() }),
  z.object({ type: z.literal('end') }),
]) satisfies z.ZodType<StreamEvent, unknown>;

export const errorBodySchema = z.object({ message: z.string(), details: z.record(z.string(), z.unknown()).optional() }) satisfies z.ZodType<ErrorBody>;

export const chatSessionSchema = z.object({
  id: z.number(),
  sessionId: z.string(),
  chatbotId: z.number(),
  chatbotGuid: z.string(),
  messageCount: z.number(),
  createdAt: z.string(),
  lastMessageAt: z.string(),
  chatbotConfig: publicChatbotConfigSchema,
}) satisfies z.ZodType<ChatSession, unknown>;

export const formFieldSchema = z.object({
  id: z.string(),
  label: z.string(),
  type: z.string(),
  placeholder: z.string().optional(),
  required: z.boolean().optional(),
}) satisfies z.ZodType<FormField>;

export const formMetadataSchema = z
  .object({
    title: z.string(),
    formFields: z.array(formFieldSchema),
    submitButton: z.object({ text: z.string(), icon: z.string().optional() }).optional(),
  })
  .loose() satisfies z.ZodType<FormMetadata>;
