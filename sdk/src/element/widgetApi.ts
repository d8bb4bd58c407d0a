import type { ChatMessage, PublicChatbotConfig, VisitorIdentity } from '@parley/contracts';
import type { ChatWidgetProps } from '../widget/types';

/**
 * A command to the widget, as the element's methods and `window.ChatWidget` send it: a typed
 * union, so the loader can queue commands before the full widget has arrived.
 */
export type WidgetCommand = { type: 'open' } | { type: 'close' } | { type: 'toggle' } | { type: 'sendMessage'; text: string } | { type: 'reset' };

/** The widget's events and what each handler receives (`detail` of the DOM event). */
export interface ChatWidgetEventMap {
  /** The full widget has loaded and rendered: commands now apply at once. */
  ready: undefined;
  /** The panel opened. */
  open: undefined;
  /** The panel closed (or, embedded, the visitor pressed minimise). */
  close: undefined;
  /** A visitor message was sent (`sender: 'user'`) or a bot message arrived (`sender: 'bot'`). */
  message: ChatMessage;
  /** A request failed. */
  error: Error;
}

/** One of `ready`, `open`, `close`, `message`, `error`. */
export type ChatWidgetEventName = keyof ChatWidgetEventMap;

/** A handler given to `on(event, handler)`. */
export type ChatWidgetEventHandler<E extends ChatWidgetEventName = ChatWidgetEventName> = (detail: ChatWidgetEventMap[E]) => void;

/** The DOM event type of a widget event: `ready` is dispatched as `widget-ready`, and so on. */
export const domEventName = (event: ChatWidgetEventName): string => `widget-${event}`;

/** The commands and event subscriptions shared by `<chat-widget>` and `window.ChatWidget`. */
export interface ChatWidgetCommands {
  /** Opens the panel (loading the full widget now if it has not arrived). */
  open(): void;
  /** Closes the panel. */
  close(): void;
  /** Opens the panel when closed, closes it when open. */
  toggle(): void;
  /** Opens the chat and sends `text` as the visitor. */
  sendMessage(text: string): void;
  /** Starts a new conversation (as "Start new conversation" does). */
  reset(): void;
  /** Changes the options present in `options` (`undefined` clears one); those not given keep their value. */
  update(options: ChatWidgetOptions): void;
  /** Removes the widget from the page. */
  destroy(): void;
  /**
   * Tells Parley who the visitor is. `userHash` is `HMAC-SHA256(bot identity secret, userId)` in
   * hex, computed on your server; a wrong hash is refused (an `error` event) and the chat goes on
   * anonymously.
   */
  identify(identity: VisitorIdentity): void;
  /** Calls `handler` on each `event`; a `ready` that already happened calls it at once. */
  on<E extends ChatWidgetEventName>(event: E, handler: ChatWidgetEventHandler<E>): void;
  /** Stops calling `handler`. */
  off<E extends ChatWidgetEventName>(event: E, handler: ChatWidgetEventHandler<E>): void;
}

/** Options of `ChatWidget.init`, `update` and the React component: the widget props. */
export type ChatWidgetOptions = ChatWidgetProps & {
  /** A nonce for the `<style>` element used where constructable stylesheets are missing. */
  styleNonce?: string;
};

/** What the full widget answers when it mounts into an element's shadow root. */
export interface WidgetRenderer {
  render(props: ChatWidgetProps): void;
  command(command: WidgetCommand): void;
  unmount(): void;
}

/**
 * The bot's config as the element asked for it when the visitor opened the widget before the
 * full widget arrived: the request, and its answer once it has come (so the first render can
 * draw the home screen at once instead of a loading state).
 */
export interface ConfigRequest {
  readonly promise: Promise<PublicChatbotConfig>;
  readonly value?: PublicChatbotConfig;
}

/**
 * Mounts the full widget into `shadow`; the element's own launcher is removed by the caller.
 * `configRequest` is the bot's config, already asked for.
 */
export type MountWidget = (shadow: ShadowRoot, props: ChatWidgetProps, nonce?: string, configRequest?: ConfigRequest) => WidgetRenderer;

/** Fetches the full widget (a code-split chunk). */
export type LoadRenderer = () => Promise<{ mountWidget: MountWidget }>;

