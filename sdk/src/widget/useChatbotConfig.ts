import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fetchConfig } from '../lib/fetchConfig';
import type { PublicChatbotConfig } from '@parley/contracts';
import type { ConfigRequest } from '../element/widgetApi';

export type ConfigStatus = 'idle' | 'loading' | 'ready' | 'error';

function validConfig(config: PublicChatbotConfig | null | undefined): PublicChatbotConfig {
  if (!isConfig(config)) throw new Error('No valid chatbot configuration found');
  return config;
}

function isConfig(config: PublicChatbotConfig | null | undefined): config is PublicChatbotConfig {
  return !!config && typeof config.isActive === 'boolean';
}

/**
 * The bot's public config, fetched lazily: nothing is requested until `load()` (on open or
 * when a pop-up bubble is due). A failed load is retried by the next `load()`. `reload()` (each
 * opening) loads it, or, once fetched, asks again in the background and swaps in the answer,
 * keeping the one shown meanwhile; a failed background refresh changes nothing. An injected
 * config is never fetched. `early` is a request the loader already started for this bot (the
 * visitor clicked before the full widget arrived): the first load uses it, and when it has
 * already been answered the first render has the config, and the opening that caused it asks
 * for nothing more.
 */
export function useChatbotConfig(
  apiUrl: string,
  chatbotId: string | undefined,
  injected: PublicChatbotConfig | null,
  onError?: (e: Error) => void,
  early?: ConfigRequest,
) {
  const answered = !injected && isConfig(early?.value) ? early.value : null;
  const [state, setState] = useState<{ status: ConfigStatus; config: PublicChatbotConfig | null }>(
    injected ? { status: 'ready', config: injected } : answered ? { status: 'ready', config: answered } : { status: 'idle', config: null },
  );
  const inflight = useRef<Promise<void> | null>(null);
  const earlyRef = useRef(answered ? undefined : early?.promise);
  // Fetched for the very opening being replayed: the reloads that opening makes are no-ops.
  const fresh = useRef(!!answered);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;
  const ready = useRef(false);
  ready.current = state.status === 'ready';

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
    if (config || inflight.current || ready.current) return;
    setState((s) => (s.status === 'ready' ? s : { ...s, status: 'loading' }));
    const started = earlyRef.current ?? fetchConfig(apiUrl, chatbotId);
    earlyRef.current = undefined;
    const run = started
      .then((config) => {
        if (inflight.current !== run) return;
        setState({ status: 'ready', config: validConfig(config) });
        inflight.current = null;
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

  const reload = useCallback(() => {
    if (fresh.current) {
      fresh.current = false;
      return;
    }
    if (!ready.current) return load();
    if (config || inflight.current) return;
    const run = fetchConfig(apiUrl, chatbotId)
      .then((fresh) => {
        if (inflight.current !== run) return;
        const next = validConfig(fresh);
        // An unchanged bot keeps its object, so nothing below re-renders or resets.
        setState((s) => (s.status === 'ready' && JSON.stringify(s.config) === JSON.stringify(next) ? s : { status: 'ready', config: next }));
      })
      .catch(() => {})
      .finally(() => {
        if (inflight.current === run) inflight.current = null;
      });
    inflight.current = run;
  }, [apiUrl, chatbotId, config, load]);

  return { ...state, load, reload };
}
