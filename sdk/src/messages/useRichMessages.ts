import { useEffect, useState } from 'react';

type RichMessages = typeof import('./richMessages');

let loaded: RichMessages | null = null;
let loading: Promise<RichMessages> | null = null;

/** Fetches the rich message components once; a failed fetch is tried again next time. */
export function loadRichMessages(): Promise<RichMessages> {
  loading ??= import('./richMessages').then(
    (mod) => (loaded = mod),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * The rich message components once they are here (at once when already fetched), else null
 * while `needed` starts fetching them.
 */
export function useRichMessages(needed: boolean): RichMessages | null {
  const [mod, setMod] = useState(loaded);
  useEffect(() => {
    if (!needed || mod) return;
    let alive = true;
    loadRichMessages().then(
      (m) => alive && setMod(m),
      () => {},
    );
    return () => {
      alive = false;
    };
  }, [needed, mod]);
  return mod;
}
