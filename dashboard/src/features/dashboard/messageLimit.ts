import { formatUsageReset, limitLevel, type LimitLevel } from '@parley/contracts';

export type MessageLimit = {
  used: number;
  /** null = unlimited (-1). */
  limit: number | null;
  /** Share of the limit used, 0-100 (0 when unlimited). */
  percent: number;
  level: LimitLevel;
};

/**
 * The monthly message quota as the server counts it, with the shared plan-limit rule: at
 * "reached" the bots show visitors the contact form; -1 is unlimited.
 */
export function computeMessageLimit({ used, maxMessagesPerMonth }: { used: number; maxMessagesPerMonth: number }): MessageLimit {
  if (maxMessagesPerMonth < 0) return { used, limit: null, percent: 0, level: 'ok' };
  const percent = maxMessagesPerMonth === 0 ? 100 : Math.min(100, (used / maxMessagesPerMonth) * 100);
  return { used, limit: maxMessagesPerMonth, percent, level: limitLevel(used, maxMessagesPerMonth) };
}

/**
 * The day the message count starts over, as the usage alert mails write it: the server's
 * `usageResetsAt` (the 1st of next month on Free and the local provider, else the billing period's end).
 */
export function usageResetDate(subscription: { usageResetsAt: string }): string {
  return formatUsageReset(new Date(subscription.usageResetsAt));
}
