import { useEffect, useState } from 'react';
import { adoptStyles } from '../lib/adoptStyles';

type RichMessages = typeof import('./richMessages');

let loaded: RichMessages | null = null;
let loading: Promise<RichMessages> | null = null;
/** The shadow roots widgets are drawn in (with their style nonce): the rich styles go there too. */
const roots = new Map<ShadowRoot, string | undefined>();

/**
 * Registers a shadow root the widget is drawn in, so the rich messages' styles are adopted there
 * once they are fetched (at once when they already are); answers the function that forgets it.
 */
export function styleRichMessagesIn(root: ShadowRoot, nonce?: string): () => void {
  roots.set(root, nonce);
  if (loaded) adoptStyles(root, loaded.css, nonce, true);
  return () => roots.delete(root);
}

/** Fetches the rich message components once; a failed fetch is tried again next time. */
export function loadRichMessages(): Promise<RichMessages> {
  loading ??= import('./richMessages').then(
    (mod) => {
      for (const [root, nonce] of roots) adoptStyles(root, mod.css, nonce, true);
      loaded = mod;
      return mod;
    },
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
