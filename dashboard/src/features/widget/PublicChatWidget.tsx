import { createSessionId } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { client, unwrap } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';
import { ChatWidgetElement } from './ChatWidgetElement';

/** The widget's own session storage key (see docs/widget.md): the widget resumes the id found there. */
const SESSION_KEY = 'global-chat-session-id';

/**
 * The default public chatbot of the marketing site, floating bottom-right, shown only when a
 * session id exists and that chatbot is active. The id is the visitor's own: the one the widget
 * stored in this tab's session storage, or one minted here in the browser and stored under the
 * same key, so the widget picks it up when opened (no request is made before that). Where
 * storage is blocked the id lives in this page only.
 */
export function PublicChatWidget() {
  const [sessionId] = useState(visitorSessionId);
  const { data } = useQuery({
    queryKey: queryKeys.public.defaultChatbot,
    queryFn: () => unwrap(client.public['default-chatbot'].$get()),
    retry: false,
  });
  if (!sessionId || !data?.isActive) return null;
  // The marketing site's widget wears the site's own colours, whatever theme the default bot has.
  return <ChatWidgetElement chatbotId={String(data.guid ?? data.id)} position="bottom-right" primaryColor="#3b82f6" backgroundColor="#ffffff" textColor="#1f2937" />;
}

/** The stored id, or a new one stored for the widget; null when the browser cannot mint one (no secure random source). */
function visitorSessionId(): string | null {
  let stored: string | null = null;
  try {
    stored = sessionStorage.getItem(SESSION_KEY);
  } catch {
    // storage blocked: the id below lives in this page only
  }
  if (stored) return stored;
  let minted: string;
  try {
    minted = createSessionId();
  } catch {
    return null;
  }
  try {
    sessionStorage.setItem(SESSION_KEY, minted);
  } catch {
    // see above
  }
  return minted;
}
