/**
 * The script-tag bundle (`/embed.js`): exposes `window.ChatWidget.init(options)`. With
 * `data-chatbot-id` on its own script tag it initialises itself, so one line embeds the widget.
 * @packageDocumentation
 */
import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { WIDGET_CONFIG_GLOBAL } from '@parley/contracts';
import type { ChatWidgetProps } from './widget/types';
import { WidgetRoot } from './widget/WidgetRoot';

/** Options of `ChatWidget.init`: the widget props (`apiUrl` defaults to this script's origin). */
export type ChatWidgetInitOptions = ChatWidgetProps;

/** What `init` answers: the host element, an updater and a remover. */
export interface ChatWidgetHandle {
  element: HTMLElement;
  update(options: ChatWidgetInitOptions): void;
  destroy(): void;
}

/** Package version, replaced at build time. */
export const version: string = '__VERSION__';

const script = typeof document !== 'undefined' ? (document.currentScript as HTMLScriptElement | null) : null;
const scriptOrigin = script?.src ? new URL(script.src, location.href).origin : '';
let current: { handle: ChatWidgetHandle; props: ChatWidgetInitOptions } | null = null;

/**
 * Shows the widget on this page (once: calling it again updates the options). Options not given
 * come from `window.__PARLEY_WIDGET__` when a server page defines it.
 */
export function init(options: ChatWidgetInitOptions = {}): ChatWidgetHandle {
  const injected = ((window as unknown as Record<string, unknown>)[WIDGET_CONFIG_GLOBAL] ?? {}) as ChatWidgetInitOptions;
  const props: ChatWidgetInitOptions = { ...injected, ...defined(options) };
  props.apiUrl ??= scriptOrigin;
  if (current) {
    current.handle.update(props);
    return current.handle;
  }
  const host = document.createElement('div');
  host.setAttribute('data-chat-widget', '');
  const shadow = host.attachShadow({ mode: 'open' });
  const root: Root = createRoot(shadow as unknown as Element);
  const render = (p: ChatWidgetInitOptions) => root.render(createElement(WidgetRoot, p));
  const attach = () => document.body.appendChild(host);
  if (document.body) attach();
  else document.addEventListener('DOMContentLoaded', attach, { once: true });
  render(props);
  const handle: ChatWidgetHandle = {
    element: host,
    update(next) {
      if (!current) return;
      current.props = { ...current.props, ...defined(next) };
      render(current.props);
    },
    destroy() {
      root.unmount();
      host.remove();
      current = null;
    },
  };
  current = { handle, props };
  return handle;
}

function defined(options: ChatWidgetInitOptions): ChatWidgetInitOptions {
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as ChatWidgetInitOptions;
}

if (script?.dataset.chatbotId !== undefined) {
  const d = script.dataset;
  init({
    chatbotId: d.chatbotId || undefined,
    apiUrl: d.apiUrl,
    position: d.position as ChatWidgetProps['position'],
    primaryColor: d.primaryColor,
    backgroundColor: d.backgroundColor,
    textColor: d.textColor,
  });
}
