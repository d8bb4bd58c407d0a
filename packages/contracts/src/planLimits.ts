/**
 * Plan limits as the dashboard shows them and the server enforces them: one rule for "close to
 * the cap" and "at the cap", the monthly reset, and the plan's display name.
 */

/** At this share of a cap (active bots, monthly messages) the owner is warned. */
export const LIMIT_WARNING_PERCENT = 80;

export type LimitLevel = 'ok' | 'approaching' | 'reached';

/**
 * Where `used` stands against `cap`: "reached" at or past the cap, "approaching" from
 * LIMIT_WARNING_PERCENT of it, else "ok". A negative cap (-1) is unlimited and always "ok".
 */
export function limitLevel(used: number, cap: number): LimitLevel {
  if (cap < 0) return 'ok';
  if (used >= cap) return 'reached';
  return used * 100 >= cap * LIMIT_WARNING_PERCENT ? 'approaching' : 'ok';
}

/**
 * Free plans and the local provider count usage per UTC calendar month, so it starts over on the
 * 1st of the next one (a Stripe plan's count follows its billing period instead).
 */
export function nextUsageReset(now: Date = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

/** The reset day as owners read it, e.g. "December 1, 2026" (the day is a UTC one). */
export function formatUsageReset(date: Date): string {
  return date.toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' });
}

/** The Free plan is shown as Trial everywhere. */
export function planLabel(plan: { name: string }): string {
  return plan.name === 'Free' ? 'Trial' : plan.name;
}
