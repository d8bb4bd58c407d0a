import { createSessionId, SESSION_STORAGE_KEY } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { client, unwrap } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';
import { ChatWidgetElement } from './ChatWidgetElement';

/**
 * The default public chatbot of the marketing site, floating bottom-right, shown only when a
 * session id exists and that chatbot is active. "Exists" means: in this tab's session storage,
 * under the key the widget resumes from. A first visit has none yet, and waiting for the widget
 * to create one would mean the widget never shows, so the page mints the visitor's id in the
 * browser (no request is made before the visitor opens the widget) and stores it there. Where
 * session storage is blocked, or the browser has no secure random source, no id can exist and
 * no widget shows: its conversation could not follow the visitor from page to page.
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

/** The stored id, or a new one stored for the widget; null when none can be kept in session storage. */
function visitorSessionId(): string | null {
  try {
    const stored = sessionStorage.getItem(SESSION_STORAGE_KEY);
    if (stored) return stored;
    const minted = createSessionId();
    sessionStorage.setItem(SESSION_STORAGE_KEY, minted);
    return sessionStorage.getItem(SESSION_STORAGE_KEY) === minted ? minted : null;
  } catch {
    // Storage blocked (private modes, sandboxed frames) or no crypto.getRandomValues.
    return null;
  }
}
