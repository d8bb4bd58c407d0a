import { useEffect } from 'react';

/** Where the panel goes full screen: the same breakpoint as widget.css and launcher.css. */
const FULL_SCREEN_QUERY = '(max-width: 767.98px)';

/** The shorthand and its longhands, so whichever of them the page had inline comes back as it was. */
const PROPERTIES = ['overflow', 'overflow-x', 'overflow-y'] as const;

type Saved = { el: HTMLElement; hadStyle: boolean; values: { name: string; value: string; priority: string }[] };

/** Open locks on this page (two widgets may be open at once); the first saves, the last restores. */
let holders = 0;
let saved: Saved[] = [];

function lock() {
  if (holders++ > 0) return;
  saved = [document.documentElement, document.body].filter(Boolean).map((el) => ({
    el,
    hadStyle: el.hasAttribute('style'),
    values: PROPERTIES.map((name) => ({ name, value: el.style.getPropertyValue(name), priority: el.style.getPropertyPriority(name) })),
  }));
  // Important and inline, so a host rule such as `body { overflow: auto !important }` cannot undo it.
  for (const { el } of saved) el.style.setProperty('overflow', 'hidden', 'important');
}

function unlock() {
  if (--holders > 0) return;
  for (const { el, hadStyle, values } of saved) {
    for (const name of PROPERTIES) el.style.removeProperty(name);
    for (const { name, value, priority } of values) if (value) el.style.setProperty(name, value, priority);
    if (!hadStyle && el.getAttribute('style') === '') el.removeAttribute('style');
  }
  saved = [];
}

/**
 * While `enabled` and the panel is full screen (`FULL_SCREEN_QUERY`), the host page behind it
 * does not scroll: `overflow: hidden` on `<html>` and `<body>`, set through the CSSOM (a strict
 * `style-src 'self'` allows it). The earlier inline values come back exactly when the panel
 * closes, the widget unmounts or the screen grows past the breakpoint. Without `matchMedia`
 * nothing is locked.
 */
export function useScrollLock(enabled: boolean) {
  useEffect(() => {
    if (!enabled || typeof window === 'undefined' || typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(FULL_SCREEN_QUERY);
    let locked = false;
    const sync = () => {
      if (query.matches === locked) return;
      locked = query.matches;
      if (locked) lock();
      else unlock();
    };
    sync();
    query.addEventListener?.('change', sync);
    return () => {
      query.removeEventListener?.('change', sync);
      if (locked) unlock();
    };
  }, [enabled]);
}
