import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { ChatWidgetProps } from './widget/types';
import { WidgetRoot } from './widget/WidgetRoot';

/**
 * The chat widget as a React component. It renders into its own open shadow root, so the
 * host app's CSS does not reach it and its CSS does not leave it.
 *
 * @example
 * <ChatWidget apiUrl="https://chat.example.com" chatbotId="5f0c…" position="bottom-left" />
 */
export function ChatWidget(props: ChatWidgetProps) {
  const host = useRef<HTMLDivElement>(null);
  const [shadow, setShadow] = useState<ShadowRoot | null>(null);
  useEffect(() => {
    const el = host.current;
    if (el) setShadow(el.shadowRoot ?? el.attachShadow({ mode: 'open' }));
  }, []);
  return (
    <div ref={host} data-chat-widget="">
      {shadow ? createPortal(<WidgetRoot {...props} />, shadow) : null}
    </div>
  );
}
