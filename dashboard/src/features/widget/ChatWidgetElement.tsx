import { createElement, useEffect, useState } from 'react';
import { loadWidgetElement } from './loadWidgetElement';

export type ChatWidgetElementProps = {
  chatbotId: string;
  apiUrl?: string;
  position?: 'bottom-right' | 'bottom-left';
  primaryColor?: string;
  backgroundColor?: string;
  textColor?: string;
  embedded?: boolean;
  /** The owner's test token (Test page only): chats are not counted and are labelled Test. */
  testToken?: string;
};

/**
 * Mounts the widget package's `<chat-widget>` custom element once its bundle has loaded.
 * Renders nothing when the bundle is missing, so pages degrade to "no widget".
 */
export function ChatWidgetElement({ chatbotId, apiUrl, position, primaryColor, backgroundColor, textColor, embedded, testToken }: ChatWidgetElementProps) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let alive = true;
    void loadWidgetElement().then((ok) => alive && setReady(ok));
    return () => {
      alive = false;
    };
  }, []);
  if (!ready) return null;
  return createElement('chat-widget', {
    'chatbot-id': chatbotId,
    'api-url': apiUrl ?? window.location.origin,
    position,
    'primary-color': primaryColor,
    'background-color': backgroundColor,
    'text-color': textColor,
    embedded: embedded ? 'true' : undefined,
    'test-token': testToken,
  });
}
