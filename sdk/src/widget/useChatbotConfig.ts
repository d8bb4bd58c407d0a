import { useCallback, useEffect, useRef, useState } from 'react';
import { request } from '../lib/api';
import type { PublicChatbotConfig } from '../protocol';

export type ConfigStatus = 'idle' | 'loading' | 'ready' | 'error';

/** Where the widget reads its bot: the public endpoint for a guid, else the default bot. */
export function configPath(chatbotId?: string | null): string {
  return chatbotId ? `/api/public/chatbots/${encodeURIComponent(chatbotId)}` : '/api/public/default-chatbot';
}

/**
 * The bot's public config, fetched lazily: nothing is requested until `load()` (on open or
 * when a pop-up bubble is due). A failed load is retried by the next `load()`.
 */
export function useChatbotConfig(apiUrl: string, chatbotId: string | undefined, injected: PublicChatbotConfig | null, onError?: (e: Error) => void) {
  const [state, setState] = useState<{ status: ConfigStatus; config: PublicChatbotConfig | null }>(
    injected ? { status: 'ready', config: injected } : { status: 'idle', config: null },
  );
  const inflight = useRef<Promise<void> | null>(null);
  const source = `${apiUrl}|${chatbotId ?? ''}`;
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;

  // Inline config objects are compared by content, so a re-render with an equal one is a no-op.
  const key = `${source}|${injected ? JSON.stringify(injected) : ''}`;
  const lastKey = useRef(key);
  useEffect(() => {
    if (lastKey.current === key) return;
    lastKey.current = key;
    inflight.current = null;
    setState(injected ? { status: 'ready', config: injected } : { status: 'idle', config: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key covers injected
  }, [key]);

  const load = useCallback(() => {
    if (injected || inflight.current) return;
    setState((s) => (s.status === 'ready' ? s : { ...s, status: 'loading' }));
    const run = request<PublicChatbotConfig>(apiUrl, 'GET', configPath(chatbotId))
      .then((config) => {
        if (!config || typeof config.isActive !== 'boolean') throw new Error('No valid chatbot configuration found');
        if (inflight.current === run) setState({ status: 'ready', config });
      })
      .catch((error: Error) => {
        if (inflight.current !== run) return;
        inflight.current = null;
        setState({ status: 'error', config: null });
        if (onErrorRef.current) onErrorRef.current(error);
        else console.error('[chat-widget]', error);
      });
    inflight.current = run;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key covers injected
  }, [key]);

  return { ...state, load };
}
