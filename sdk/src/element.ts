/**
 * Registers `<chat-widget>`: the widget as a custom element with an open shadow root.
 * Attributes: `api-url`, `chatbot-id`, `position`, `primary-color`, `background-color`,
 * `text-color`, `embedded`, `default-open`, `test-token`. Properties: the same in camelCase plus
 * `chatbotConfig` and the callbacks `onOpen`, `onClose`, `onMessage`, `onError`. Events (bubbling,
 * composed): `widget-open`, `widget-close`, `widget-message` (detail: the message),
 * `widget-error` (detail: the Error).
 * @packageDocumentation
 */
import r2wc from '@r2wc/react-to-web-component';
import type { ChatMessage, PublicChatbotConfig } from '@parley/contracts';
import type { ChatWidgetProps } from './widget/types';
import { WidgetRoot } from './widget/WidgetRoot';

export type { ChatWidgetProps, WidgetPosition } from './widget/types';

/** The tag name registered by this module. */
export const CHAT_WIDGET_TAG = 'chat-widget';

/** The `<chat-widget>` element's own API on top of its attributes. */
export interface ChatWidgetElement extends HTMLElement {
  apiUrl?: string;
  chatbotId?: string;
  position?: ChatWidgetProps['position'];
  primaryColor?: string;
  backgroundColor?: string;
  textColor?: string;
  embedded?: boolean;
  defaultOpen?: boolean;
  /** The owner's test token (attribute `test-token`); see `ChatWidgetProps.testToken`. */
  testToken?: string;
  chatbotConfig?: PublicChatbotConfig | null;
  onOpen?: () => void;
  onClose?: () => void;
  onMessage?: (message: ChatMessage) => void;
  onError?: (error: Error) => void;
}

const PROPS = Symbol.for('r2wc.props');
const RENDER = Symbol.for('r2wc.render');
type R2wcInternals = { [PROPS]: Record<string, unknown>; [RENDER]: () => void };

/**
 * Defines the element once (a second call, or a page that already has it, is a no-op) and
 * answers its constructor; answers undefined where there is no DOM (server rendering).
 */
export function defineChatWidget(tag: string = CHAT_WIDGET_TAG): CustomElementConstructor | undefined {
  if (typeof window === 'undefined' || !window.customElements) return undefined;
  const existing = window.customElements.get(tag);
  if (existing) return existing;

  const Base = r2wc(WidgetRoot, {
    shadow: 'open',
    props: {
      apiUrl: 'string',
      chatbotId: 'string',
      position: 'string',
      primaryColor: 'string',
      backgroundColor: 'string',
      textColor: 'string',
      embedded: 'boolean',
      defaultOpen: 'boolean',
      testToken: 'string',
    },
  });

  class ChatWidgetElementImpl extends Base {
    onOpen?: () => void;
    onClose?: () => void;
    onMessage?: (message: ChatMessage) => void;
    onError?: (error: Error) => void;

    constructor() {
      super();
      const self = this as unknown as R2wcInternals & ChatWidgetElementImpl;
      const emit = (name: string, detail?: unknown) => this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
      Object.assign(self[PROPS], {
        onOpen: () => {
          self.onOpen?.();
          emit('widget-open');
        },
        onClose: () => {
          self.onClose?.();
          emit('widget-close');
        },
        onMessage: (m: ChatMessage) => {
          self.onMessage?.(m);
          emit('widget-message', m);
        },
        onError: (e: Error) => {
          if (self.onError) self.onError(e);
          else console.error('[chat-widget]', e);
          emit('widget-error', e);
        },
      });
      // A config assigned before the element was upgraded sits on the instance; route it through the setter.
      // biome-ignore lint/suspicious/noPrototypeBuiltins: Object.hasOwn needs Safari 15.4, older than visitors may run
      if (Object.prototype.hasOwnProperty.call(this, 'chatbotConfig')) {
        const value = (this as unknown as { chatbotConfig: PublicChatbotConfig | null }).chatbotConfig;
        delete (this as unknown as { chatbotConfig?: unknown }).chatbotConfig;
        self[PROPS].chatbotConfig = value;
      }
    }

    get chatbotConfig(): PublicChatbotConfig | null | undefined {
      return (this as unknown as R2wcInternals)[PROPS].chatbotConfig as PublicChatbotConfig | null | undefined;
    }

    set chatbotConfig(value: PublicChatbotConfig | null | undefined) {
      const self = this as unknown as R2wcInternals;
      self[PROPS].chatbotConfig = value;
      self[RENDER]();
    }
  }

  window.customElements.define(tag, ChatWidgetElementImpl);
  return ChatWidgetElementImpl;
}

defineChatWidget();

declare global {
  interface HTMLElementTagNameMap {
    'chat-widget': ChatWidgetElement;
  }
}
