/**
 * `@parley/widget/protocol`: the chat wire protocol as the widget speaks it, for code that talks
 * to a Parley server itself. Plain types and helpers, no validation library: the definitions
 * live in `@parley/contracts`, where the server's zod schemas are checked against them.
 * @packageDocumentation
 */
export {
  createSessionId,
  EMBED_CLOSE_MESSAGE_TYPE,
  LIMIT_CONTACT_FORM_TITLE,
  messageTypes,
  SESSION_ID_PATTERN,
  surveyStartMessage,
  WIDGET_CONFIG_GLOBAL,
  type ChatMessage,
  type ChatSession,
  type CreateSessionRequest,
  type ErrorBody,
  type FormField,
  type FormMetadata,
  type HomeComponent,
  type HomeScreenConfig,
  type HomeTopic,
  type MessageChunk,
  type MessageMetadata,
  type MessageType,
  type PublicChatbotConfig,
  type QuickReply,
  type SelectOptionRequest,
  type SendMessageRequest,
  type SourceRef,
  type StreamEvent,
  type StreamRequest,
  type SubmitFormRequest,
} from '@parley/contracts';
