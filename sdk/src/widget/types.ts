import type { ChatMessage, PublicChatbotConfig, VisitorIdentity } from '@parley/contracts';

/** Where the launcher floats. */
export type WidgetPosition = 'bottom-right' | 'bottom-left';

/** Everything the widget accepts, as React props, element properties or `ChatWidget.init` options. */
export interface ChatWidgetProps {
  /** Base URL of the Parley server (e.g. `https://chat.example.com`); empty means same origin. */
  apiUrl?: string;
  /** The bot's guid. Without it the server's default public chatbot is used. */
  chatbotId?: string;
  /** `bottom-right` (default) or `bottom-left`. */
  position?: WidgetPosition;
  /** Launcher, header and visitor-bubble colour; overrides the bot's theme. Default `#2563eb`. */
  primaryColor?: string;
  /** Panel background. Default `#ffffff`. */
  backgroundColor?: string;
  /** Panel text colour. Default `#1f2937`. */
  textColor?: string;
  /**
   * Frame mode: no launcher or pop-ups, the panel fills the frame and its minimise button posts
   * `{ type: 'chat-widget:close', chatbotId }` to the parent window.
   */
  embedded?: boolean;
  /** A config injected by the server page; the widget then skips fetching it. */
  chatbotConfig?: PublicChatbotConfig | null;
  /** Start with the panel open. */
  defaultOpen?: boolean;
  /**
   * The bot owner's test token (`POST /api/chatbots/{guid}/test-token`, signed in). Chats
   * started with it are not counted against the monthly messages or daily caps and are labelled
   * Test in history; they keep their own session-storage key. For the owner's own test page
   * only: the server refuses it (403, no chat started) from any page that is not Parley's own.
   */
  testToken?: string;
  /**
   * The site's signed-in visitor, vouched for by the site's server: `userHash` is
   * `HMAC-SHA256(bot identity secret, userId)` in hex (the secret is on the bot's Embed page;
   * never compute the hash in the browser). Once the chat session exists the widget sends it to
   * `POST /api/chat/{sessionId}/identify`; Parley labels the conversation with the user in the
   * owner's history, and `name`/`email` prefill the contact form. A refused identity (wrong hash,
   * or a conversation verified for another user) is reported through `onError` and the visitor
   * goes on chatting anonymously. Another `userId` than the one the conversation was verified
   * for starts a new conversation, and so does removing the identity (the user signed out) from
   * a verified one. Same as `ChatWidget.identify(identity)`.
   */
  identity?: VisitorIdentity;
  /** The panel opened. */
  onOpen?: () => void;
  /** The panel closed (or, embedded, the visitor asked to minimise it). */
  onClose?: () => void;
  /** A visitor message was sent (`sender: 'user'`) or a bot message arrived (`sender: 'bot'`). */
  onMessage?: (message: ChatMessage) => void;
  /** A request failed; the error's message is `"{status}: {body}"` for HTTP errors. */
  onError?: (error: Error) => void;
}
