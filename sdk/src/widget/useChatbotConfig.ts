import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { request } from '../lib/api';
import type { PublicChatbotConfig } from '@parley/contracts';

export type ConfigStatus = 'idle' | 'loading' | 'ready' | 'error';

/** Where the widget reads its bot: the public endpoint for a guid, else the default bot. */
function configPath(chatbotId?: string | null): string {
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
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;

  // Inline config objects are compared by content, so a re-render with an equal one is a no-op.
  const injectedJson = injected ? JSON.stringify(injected) : '';
  const config = useMemo<PublicChatbotConfig | null>(() => (injectedJson ? JSON.parse(injectedJson) : null), [injectedJson]);
  const key = `${apiUrl}|${chatbotId ?? ''}|${injectedJson}`;
  const lastKey = useRef(key);
  useEffect(() => {
    if (lastKey.current === key) return;
    lastKey.current = key;
    inflight.current = null;
    setState(config ? { status: 'ready', config } : { status: 'idle', config: null });
  }, [key, config]);

  const load = useCallback(() => {
    if (config || inflight.current) return;
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
  }, [apiUrl, chatbotId, config]);

  return { ...state, load };
}
