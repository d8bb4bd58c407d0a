/**
 * The script-tag loader (`/embed.js`, a few KB): registers `<chat-widget>`, draws the launcher,
 * and exposes `window.ChatWidget` with `init` and the commands. The full widget is a separate,
 * content-hashed file fetched when the page is idle, or at once on hover, focus, touch or click.
 *
 * Works with `async` and `defer`: calls made on the queue stub before it arrives (see
 * docs/widget.md) are replayed in order. With `data-chatbot-id` on its own tag it initialises
 * itself, so one line embeds the widget.
 * @packageDocumentation
 */
import { WIDGET_CONFIG_GLOBAL } from '@parley/contracts';
import { CHAT_WIDGET_TAG, defineChatWidget, type ChatWidgetElement } from './element/defineChatWidget';
import { domEventName, type ChatWidgetCommands, type ChatWidgetEventHandler, type ChatWidgetEventName, type ChatWidgetOptions, type MountWidget } from './element/widgetApi';

/** `window.ChatWidget`: `init` plus the commands, which act on the widget `init` made. */
export interface ChatWidgetGlobal extends ChatWidgetCommands {
  /** Package version. */
  version: string;
  /**
   * Shows the widget (once: calling it again updates the options) and answers its
   * `<chat-widget>` element. Options not given come from `window.__PARLEY_WIDGET__` when a
   * server page defines it; `apiUrl` defaults to this script's origin.
   */
  init(options?: ChatWidgetOptions): ChatWidgetElement;
}

/** The queue stub's shape: each early call as `[method, arguments]`. */
type QueueStub = { q?: ArrayLike<[string, ArrayLike<unknown>]> };

// Replaced at build time by the content-hashed file name of the full widget.
const RENDERER_FILE = '__RENDERER_FILE__';

const script = document.currentScript as HTMLScriptElement | null;
const scriptOrigin = script?.src ? new URL(script.src, location.href).origin : location.origin;

defineChatWidget(() => import(/* @vite-ignore */ `${scriptOrigin}/widget-assets/${RENDERER_FILE}`) as Promise<{ mountWidget: MountWidget }>);

let created: ChatWidgetElement | null = null;
const waiting: ((el: ChatWidgetElement) => void)[] = [];

/** The widget `init` made, else the first `<chat-widget>` on the page. */
const target = (): ChatWidgetElement | null => (created?.isConnected ? created : document.querySelector(CHAT_WIDGET_TAG));

/** Runs `run` on the widget now, or as soon as there is one. */
function withWidget(run: (el: ChatWidgetElement) => void) {
  const el = target();
  if (el) run(el);
  else waiting.push(run);
}

function flushWaiting() {
  const el = target();
  if (el) for (const run of waiting.splice(0)) run(el);
}

function init(options: ChatWidgetOptions = {}): ChatWidgetElement {
  const injected = ((window as unknown as Record<string, unknown>)[WIDGET_CONFIG_GLOBAL] ?? {}) as ChatWidgetOptions;
  const props: ChatWidgetOptions = { styleNonce: script?.nonce || undefined, ...injected, ...defined(options) };
  props.apiUrl ??= scriptOrigin;
  if (created?.isConnected) {
    created.update(defined(options));
    return created;
  }
  const el = document.createElement(CHAT_WIDGET_TAG);
  el.update(props);
  if (document.body) document.body.append(el);
  else document.addEventListener('DOMContentLoaded', () => document.body.append(el), { once: true });
  created = el;
  flushWaiting();
  return el;
}

const handlers = new Map<ChatWidgetEventHandler<never>, EventListener>();

const api: ChatWidgetGlobal = {
  version: '__VERSION__',
  init,
  open: () => withWidget((el) => el.open()),
  close: () => withWidget((el) => el.close()),
  toggle: () => withWidget((el) => el.toggle()),
  sendMessage: (text) => withWidget((el) => el.sendMessage(text)),
  reset: () => withWidget((el) => el.reset()),
  update: (options) => withWidget((el) => el.update(defined(options))),
  identify: (identity) => withWidget((el) => el.identify(identity)),
  destroy() {
    withWidget((el) => el.destroy());
    created = null;
  },
  // Events bubble out of every widget to the document, so handlers work before `init` too.
  on<E extends ChatWidgetEventName>(event: E, handler: ChatWidgetEventHandler<E>) {
    if (handlers.has(handler as ChatWidgetEventHandler<never>)) return;
    const listener = (e: Event) => handler((e as CustomEvent).detail);
    handlers.set(handler as ChatWidgetEventHandler<never>, listener);
    document.addEventListener(domEventName(event), listener);
    if (event === 'ready' && target()?.isReady) queueMicrotask(() => handler(undefined as never));
  },
  off<E extends ChatWidgetEventName>(event: E, handler: ChatWidgetEventHandler<E>) {
    const listener = handlers.get(handler as ChatWidgetEventHandler<never>);
    if (!listener) return;
    handlers.delete(handler as ChatWidgetEventHandler<never>);
    document.removeEventListener(domEventName(event), listener);
  },
};

function defined(options: ChatWidgetOptions): ChatWidgetOptions {
  return Object.fromEntries(Object.entries(options ?? {}).filter(([, v]) => v !== undefined)) as ChatWidgetOptions;
}

const stub = (window as unknown as { ChatWidget?: QueueStub }).ChatWidget;
(window as unknown as { ChatWidget: ChatWidgetGlobal }).ChatWidget = api;

if (script?.dataset.chatbotId !== undefined) {
  const d = script.dataset;
  init({
    chatbotId: d.chatbotId || undefined,
    apiUrl: d.apiUrl,
    position: d.position as ChatWidgetOptions['position'],
    primaryColor: d.primaryColor,
    backgroundColor: d.backgroundColor,
    textColor: d.textColor,
  });
}
for (const [method, args] of Array.from(stub?.q ?? [])) {
  const call = (api as unknown as Record<string, unknown>)[method];
  if (typeof call === 'function') call(...Array.from(args));
}
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', flushWaiting, { once: true });
