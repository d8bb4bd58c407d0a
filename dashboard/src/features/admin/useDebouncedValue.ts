import { useEffect, useState } from 'react';

/** How long the admin page's searches wait after the last key before they ask the server. */
const ADMIN_SEARCH_DEBOUNCE_MS = 300;

/** `value` once it has stayed the same for `delayMs`: a search box asks once the admin pauses. */
export function useDebouncedValue<T>(value: T, delayMs = ADMIN_SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
