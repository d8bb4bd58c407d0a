export type MessageLimit = {
  used: number;
  /** null = unlimited (-1). */
  limit: number | null;
  /** Share of the limit used, 0-100 (0 when unlimited). */
  percent: number;
  level: 'ok' | 'approaching' | 'reached';
};

/**
 * The monthly message quota as the server counts it: "approaching" at 80 % or more of the
 * plan's maxMessagesPerMonth, "reached" at the limit (the bots then show visitors the contact
 * form); -1 is unlimited.
 */
export function computeMessageLimit({ used, maxMessagesPerMonth }: { used: number; maxMessagesPerMonth: number }): MessageLimit {
  if (maxMessagesPerMonth < 0) return { used, limit: null, percent: 0, level: 'ok' };
  const percent = maxMessagesPerMonth === 0 ? 100 : Math.min(100, (used / maxMessagesPerMonth) * 100);
  const level = used >= maxMessagesPerMonth ? 'reached' : used * 100 >= maxMessagesPerMonth * 80 ? 'approaching' : 'ok';
  return { used, limit: maxMessagesPerMonth, percent, level };
}

/** Usage is counted per UTC calendar month, so it starts over on the 1st of the next one. */
export function usageResetDate(now = new Date()): string {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return next.toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' });
}
