/**
 * `@parley/widget/element` (served as `/widget-assets/element.js`): registers `<chat-widget>`.
 * The element draws its launcher at once and fetches the full widget (a separate chunk) when the
 * page is idle, or at once on hover, focus, touch or click.
 * Attributes: `api-url`, `chatbot-id`, `position`, `primary-color`, `background-color`,
 * `text-color`, `embedded`, `default-open`, `test-token`, `style-nonce`. Properties: the same in
 * camelCase plus `chatbotConfig`, `identity` and the callbacks `onOpen`, `onClose`, `onMessage`,
 * `onError`. Methods: `open`, `close`, `toggle`, `sendMessage`, `reset`, `update`, `destroy`,
 * `identify`, `on`, `off`. Events (bubbling, composed): `widget-ready`, `widget-open`,
 * `widget-close`, `widget-message` (detail: the message), `widget-error` (detail: the Error).
 * @packageDocumentation
 */
import { CHAT_WIDGET_TAG, defineChatWidget as define, type ChatWidgetElement } from './element/defineChatWidget';

export { CHAT_WIDGET_TAG, type ChatWidgetElement };
export type { ChatWidgetProps, WidgetPosition } from './widget/types';
export type { ChatWidgetCommands, ChatWidgetEventHandler, ChatWidgetEventMap, ChatWidgetEventName, ChatWidgetOptions } from './element/widgetApi';
export type { VisitorIdentity } from '@parley/contracts';

/**
 * Defines the element under `tag` once (a second call, or a page that already has it, is a
 * no-op) and answers its constructor; answers undefined where there is no DOM.
 */
export function defineChatWidget(tag: string = CHAT_WIDGET_TAG): CustomElementConstructor | undefined {
  return define(() => import('./renderer/mountWidget'), tag);
}

defineChatWidget();

declare global {
  interface HTMLElementTagNameMap {
    'chat-widget': ChatWidgetElement;
  }
}
