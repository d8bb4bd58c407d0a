import { useCallback, useEffect, useRef, useState } from 'react';

/** Length of the closing animation: about 400 ms, then the panel unmounts. */
export const CLOSE_ANIMATION_MS = 400;

export type WidgetPhase = 'closed' | 'open' | 'closing';

/** closed → open → closing → (400 ms) → closed; opening again interrupts the closing. */
export function useOpenState(initiallyOpen: boolean) {
  const [phase, setPhase] = useState<WidgetPhase>(initiallyOpen ? 'open' : 'closed');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const open = useCallback(() => {
    clearTimeout(timer.current);
    setPhase('open');
  }, []);
  const close = useCallback(() => {
    clearTimeout(timer.current);
    setPhase((p) => (p === 'closed' ? p : 'closing'));
    timer.current = setTimeout(() => setPhase('closed'), CLOSE_ANIMATION_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { phase, open, close };
}
