import { useEffect, useRef } from 'react';

/**
 * Ctrl+S / Cmd+S anywhere on the page runs `onSave` instead of the browser's Save Page. The
 * latest `onSave` runs, so the caller need not memoize it.
 */
export function useSaveShortcut(onSave: () => void) {
  const latest = useRef(onSave);
  latest.current = onSave;
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.key.toLowerCase() !== 's') return;
      e.preventDefault();
      latest.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
