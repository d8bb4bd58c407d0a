/**
 * `@parley/widget`: the Parley visitor chat widget for React apps. Side-effect free; React is a
 * peer dependency. For plain pages use `@parley/widget/element` (`<chat-widget>`) or `/embed.js`.
 * @packageDocumentation
 */
export { ChatWidget } from './ChatWidget';
export type { ChatWidgetProps, WidgetPosition } from './widget/types';
export type { ChatWidgetElement } from './element/defineChatWidget';
export type { ChatWidgetCommands, ChatWidgetEventHandler, ChatWidgetEventMap, ChatWidgetEventName, ChatWidgetOptions } from './element/widgetApi';
export { HomeScreen, NO_HOME_CONFIG, type HomeScreenProps } from './home/HomeScreen';
export { DEFAULT_HOME_SCREEN, DEFAULT_TOPICS } from './home/defaultHome';
export { WidgetStyles } from './widget/WidgetStyles';
// ChatTranscript's description lives on the component itself: a comment on an export line
// does not reach the published type declarations.
export { ChatTranscript, type ChatTranscriptProps, type TranscriptEntry } from './transcript/ChatTranscript';
export { ApiError } from './lib/api';
export { DEFAULT_COLORS } from './lib/theme';
export { SESSION_STORAGE_KEY, READ_ONLY_MS } from './lib/storage';
export { CLOSE_ANIMATION_MS } from './widget/useOpenState';
export { BUBBLE_INTERVAL_MS } from './widget/usePopupBubbles';
export {
  EMBED_CLOSE_MESSAGE_TYPE,
  WIDGET_CONFIG_GLOBAL,
  LIMIT_CONTACT_FORM_TITLE,
  type ChatMessage,
  type MessageType,
  type MessageMetadata,
  type PublicChatbotConfig,
  type HomeScreenConfig,
  type HomeComponent,
  type HomeTopic,
  type HomeStyle,
  type StreamEvent,
  type VisitorIdentity,
} from '@parley/contracts';
