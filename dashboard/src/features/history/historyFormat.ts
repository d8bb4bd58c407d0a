/** Dates and times on the history page, in the owner's own locale. */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString();
}

export function formatTime(iso: string): string {
  return new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });
}

/** "Session" plus the last 8 characters of the id: enough to tell conversations apart. */
export function shortSessionId(sessionId: string): string {
  return sessionId.slice(-8);
}

/** "1 conversation" / "N conversations". */
export function conversationCount(n: number): string {
  return `${n} conversation${n === 1 ? '' : 's'}`;
}

/**
 * The page-number buttons: at most `max`, a window around the current page that stays inside
 * 1..total (so page 1 of 9 shows 1-5, page 9 shows 5-9).
 */
export function pageWindow(current: number, total: number, max = 5): number[] {
  const count = Math.min(max, Math.max(0, total));
  const first = Math.min(Math.max(1, current - Math.floor(max / 2)), Math.max(1, total - count + 1));
  return Array.from({ length: count }, (_, i) => first + i);
}
