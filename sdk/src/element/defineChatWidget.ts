import type { PublicChatbotConfig, VisitorIdentity } from '@parley/contracts';
import { fetchConfig } from '../lib/fetchConfig';
import launcherCss from '../styles/launcher.css?inline';
import { adoptStyles } from '../lib/adoptStyles';
import type { ChatWidgetProps } from '../widget/types';
import { drawLauncher, type DrawnLauncher } from './drawLauncher';
import {
  domEventName,
  type ChatWidgetCommands,
  type ChatWidgetEventHandler,
  type ChatWidgetEventMap,
  type ChatWidgetEventName,
  type ChatWidgetOptions,
  type ConfigRequest,
  type LoadRenderer,
  type MountWidget,
  type WidgetCommand,
  type WidgetRenderer,
} from './widgetApi';

/** How long a widget opened before it arrived waits for the bot's config before drawing without it. */
const CONFIG_PATIENCE_MS = 150;

/** The tag name every way of embedding the widget uses. */
export const CHAT_WIDGET_TAG = 'chat-widget';

/**
 * The `<chat-widget>` element: attributes and properties for the options, the commands as
 * methods, and the events (`widget-ready`, `widget-open`, `widget-close`, `widget-message`,
 * `widget-error`) dispatched on it, bubbling and composed.
 */
export interface ChatWidgetElement extends HTMLElement, ChatWidgetCommands, ChatWidgetOptions {
  /** True once the full widget has loaded and rendered (after the `ready` event). */
  readonly isReady: boolean;
}

/**
 * Defines `<chat-widget>` once (a page that already has it keeps its definition) and answers its
 * constructor; answers undefined where there is no DOM (server rendering). The element draws its
 * launcher at once and mounts the full widget, fetched through `loadRenderer`, when the page is
 * idle, or at once on hover, focus, touch or click.
 */
export function defineChatWidget(loadRenderer: LoadRenderer, tag: string = CHAT_WIDGET_TAG): CustomElementConstructor | undefined {
  if (typeof window === 'undefined' || !window.customElements) return undefined;
  const existing = window.customElements.get(tag);
  if (existing) return existing;
  const element = createChatWidgetElement(loadRenderer);
  window.customElements.define(tag, element);
  return element;
}

const STRING_ATTRIBUTES: Record<string, keyof ChatWidgetOptions> = {
  'api-url': 'apiUrl',
  'chatbot-id': 'chatbotId',
  position: 'position',
  'primary-color': 'primaryColor',
  'background-color': 'backgroundColor',
  'text-color': 'textColor',
  'test-token': 'testToken',
  'style-nonce': 'styleNonce',
};
const BOOLEAN_ATTRIBUTES: Record<string, keyof ChatWidgetOptions> = { embedded: 'embedded', 'default-open': 'defaultOpen' };
const PROPERTIES: (keyof ChatWidgetOptions)[] = [
  ...Object.values(STRING_ATTRIBUTES),
  ...Object.values(BOOLEAN_ATTRIBUTES),
  'chatbotConfig',
  'identity',
  'onOpen',
  'onClose',
  'onMessage',
  'onError',
];

function createChatWidgetElement(loadRenderer: LoadRenderer): CustomElementConstructor {
  class ChatWidgetElementImpl extends HTMLElement implements ChatWidgetCommands {
    static observedAttributes = [...Object.keys(STRING_ATTRIBUTES), ...Object.keys(BOOLEAN_ATTRIBUTES)];
    private options: ChatWidgetOptions = {};
    private root: ShadowRoot | null = null;
    private launcher: DrawnLauncher | null = null;
    private renderer: WidgetRenderer | null = null;
    private loading: Promise<void> | null = null;
    private pending: WidgetCommand[] = [];
    private early: ConfigRequest | undefined;
    private listeners = new Map<ChatWidgetEventHandler<never>, EventListener>();
    isReady = false;

    constructor() {
      super();
      // Properties assigned before the element was upgraded sit on the instance; route them through the setters.
      for (const name of PROPERTIES) {
        // biome-ignore lint/suspicious/noPrototypeBuiltins: Object.hasOwn needs Safari 15.4, older than visitors may run
        if (Object.prototype.hasOwnProperty.call(this, name)) {
          const value = (this as Record<string, unknown>)[name];
          delete (this as Record<string, unknown>)[name];
          this.setOption(name, value);
        }
      }
    }

    attributeChangedCallback(name: string, _old: string | null, value: string | null) {
      const bool = BOOLEAN_ATTRIBUTES[name];
      if (bool) this.setOption(bool, value !== null && value !== 'false');
      else this.setOption(STRING_ATTRIBUTES[name]!, value ?? undefined);
    }

    connectedCallback() {
      if (!this.root) {
        this.root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
        adoptStyles(this.root, launcherCss, this.options.styleNonce);
      }
      if (this.renderer) return;
      const { embedded, defaultOpen } = this.options;
      if (!embedded) this.launcher ??= drawLauncher(this.root, this.options, { intent: () => void this.load(), click: () => this.open() });
      if (embedded || defaultOpen) void this.load();
      else whenIdle(() => void this.load());
    }

    disconnectedCallback() {
      // A move (removed and inserted in one task) keeps the widget; a removal unmounts it.
      queueMicrotask(() => {
        if (!this.isConnected) this.unmount();
      });
    }

    open() {
      this.command({ type: 'open' });
    }
    close() {
      this.command({ type: 'close' });
    }
    toggle() {
      this.command({ type: 'toggle' });
    }
    sendMessage(text: string) {
      this.command({ type: 'sendMessage', text: String(text) });
    }
    reset() {
      this.command({ type: 'reset' });
    }
    update(options: ChatWidgetOptions) {
      for (const [name, value] of Object.entries(options ?? {})) {
        if (PROPERTIES.includes(name as keyof ChatWidgetOptions)) this.setOption(name as keyof ChatWidgetOptions, value);
      }
    }
    destroy() {
      this.remove();
      this.unmount();
    }
    identify(identity: VisitorIdentity) {
      this.setOption('identity', identity);
    }
    on<E extends ChatWidgetEventName>(event: E, handler: ChatWidgetEventHandler<E>) {
      if (this.listeners.has(handler as ChatWidgetEventHandler<never>)) return;
      const listener = (e: Event) => handler((e as CustomEvent<ChatWidgetEventMap[E]>).detail);
      this.listeners.set(handler as ChatWidgetEventHandler<never>, listener);
      this.addEventListener(domEventName(event), listener);
      if (event === 'ready' && this.isReady) queueMicrotask(() => handler(undefined as ChatWidgetEventMap[E]));
    }
    off<E extends ChatWidgetEventName>(event: E, handler: ChatWidgetEventHandler<E>) {
      const listener = this.listeners.get(handler as ChatWidgetEventHandler<never>);
      if (!listener) return;
      this.listeners.delete(handler as ChatWidgetEventHandler<never>);
      this.removeEventListener(domEventName(event), listener);
    }

    getOption(name: keyof ChatWidgetOptions): unknown {
      return this.options[name];
    }

    setOption(name: keyof ChatWidgetOptions, value: unknown) {
      if (this.options[name] === value) return;
      this.options = { ...this.options, [name]: value };
      this.renderer?.render(this.props());
      this.launcher?.update(this.options);
    }

    private command(command: WidgetCommand) {
      if (this.renderer) return this.renderer.command(command);
      this.pending.push(command);
      void this.load();
      // The panel will need the bot: ask for it now, alongside the full widget, not after it.
      const { apiUrl = '', chatbotId, chatbotConfig, embedded } = this.options;
      if (command.type !== 'close' && command.type !== 'reset' && !chatbotConfig && !embedded && !this.early) {
        const early: { promise: Promise<PublicChatbotConfig>; value?: PublicChatbotConfig } = { promise: fetchConfig(apiUrl, chatbotId) };
        early.promise.then(
          (config) => {
            early.value = config;
          },
          () => {},
        );
        this.early = early;
      }
    }

    private load(): Promise<void> {
      this.loading ??= loadRenderer().then(
        async ({ mountWidget }) => {
          await this.configOrPatience();
          if (this.isConnected && this.root && !this.renderer) this.mount(this.root, mountWidget);
        },
        (error: unknown) => {
          this.loading = null;
          this.props().onError?.(error instanceof Error ? error : new Error(String(error)));
        },
      );
      return this.loading;
    }

    /**
     * When the visitor opened the widget before it arrived, its config is on the way too: waiting
     * for it (a short while at most) lets the first render draw the panel whole, rather than a
     * loading state and then, one render and layout later, the home screen.
     */
    private configOrPatience(): Promise<unknown> | undefined {
      const early = this.early;
      if (!early || early.value) return;
      return Promise.race([early.promise.catch(() => {}), new Promise((resolve) => setTimeout(resolve, CONFIG_PATIENCE_MS))]);
    }

    private mount(root: ShadowRoot, mountWidget: MountWidget) {
      const focused = this.launcher?.hasFocus() ?? false;
      if (this.launcher?.pressed()) this.pending.push({ type: 'open' });
      this.renderer = mountWidget(root, this.props(), this.options.styleNonce, this.early);
      this.early = undefined;
      // The full widget has drawn its own launcher in the same task: no frame without one.
      this.launcher?.remove();
      this.launcher = null;
      if (focused) root.querySelector<HTMLElement>('.cw-launcher')?.focus();
      this.isReady = true;
      this.emit('ready', undefined);
      // After `ready`: the commands now apply at once, and their events follow it.
      for (const command of this.pending.splice(0)) this.renderer?.command(command);
    }

    private unmount() {
      this.renderer?.unmount();
      this.renderer = null;
      this.launcher?.remove();
      this.launcher = null;
      this.loading = null;
      this.isReady = false;
    }

    /** The options as the widget's props, with callbacks that also dispatch the DOM events. */
    private props(): ChatWidgetProps {
      const { styleNonce: _nonce, onOpen, onClose, onMessage, onError, ...rest } = this.options;
      return {
        ...rest,
        onOpen: () => {
          onOpen?.();
          this.emit('open', undefined);
        },
        onClose: () => {
          onClose?.();
          this.emit('close', undefined);
        },
        onMessage: (message) => {
          onMessage?.(message);
          this.emit('message', message);
        },
        onError: (error) => {
          if (onError) onError(error);
          else console.error('[chat-widget]', error);
          this.emit('error', error);
        },
      };
    }

    private emit<E extends ChatWidgetEventName>(event: E, detail: ChatWidgetEventMap[E]) {
      this.dispatchEvent(new CustomEvent(domEventName(event), { detail, bubbles: true, composed: true }));
    }
  }

  for (const name of PROPERTIES) {
    Object.defineProperty(ChatWidgetElementImpl.prototype, name, {
      configurable: true,
      get(this: ChatWidgetElementImpl) {
        return this.getOption(name);
      },
      set(this: ChatWidgetElementImpl, value: unknown) {
        this.setOption(name, value);
      },
    });
  }
  return ChatWidgetElementImpl;
}

/** Runs `run` once the page has loaded and the browser is idle, so the host's own work comes first. */
function whenIdle(run: () => void) {
  const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 1));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
