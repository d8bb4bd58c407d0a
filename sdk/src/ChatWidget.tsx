import { createElement, forwardRef, useImperativeHandle, useLayoutEffect, useRef, useState } from 'react';
import { CHAT_WIDGET_TAG, defineChatWidget, type ChatWidgetElement } from './element/defineChatWidget';
import type { ChatWidgetOptions } from './element/widgetApi';

/**
 * The chat widget as a React component: the same `<chat-widget>` element as the script tag and
 * the custom element, rendered by your React into the element's open shadow root (the host
 * app's CSS does not reach it and its CSS does not leave it). Props may change at any time; a
 * `ref` gives the element, whose methods are the commands (`open()`, `sendMessage(text)`...).
 *
 * @example
 * const widget = useRef<ChatWidgetElement>(null);
 * <ChatWidget ref={widget} apiUrl="https://chat.example.com" chatbotId="5f0c…" position="bottom-left" />;
 * widget.current?.open();
 */
export const ChatWidget = forwardRef<ChatWidgetElement, ChatWidgetOptions>(function ChatWidget(props, ref) {
  // Defined on first render rather than on import, so the package entry stays side-effect free.
  useState(() => defineChatWidget(() => import('./renderer/mountWidget')));
  const host = useRef<ChatWidgetElement>(null);
  useImperativeHandle(ref, () => host.current as ChatWidgetElement, []);
  const given = useRef<string[]>([]);
  useLayoutEffect(() => {
    // A prop no longer given is cleared, not kept.
    const cleared = Object.fromEntries(given.current.filter((k) => !(k in props)).map((k) => [k, undefined]));
    given.current = Object.keys(props);
    host.current?.update({ ...cleared, ...props });
  });
  return createElement(CHAT_WIDGET_TAG, { ref: host });
});
