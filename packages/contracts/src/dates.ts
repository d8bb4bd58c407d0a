/**
 * Calendar days (`YYYY-MM-DD`) and IANA time zones, as the analytics period and the history
 * filters read them. Plain functions: the zod rules over them are in `dates.schemas.ts`.
 */

const DAY_MS = 86_400_000;

/**
 * The years a date may fall in. Day arithmetic past 9999 writes six-digit years ("+010000-01-01")
 * that no longer compare as text, and days before 1970 have negative day numbers; nobody's chats
 * lie outside these years.
 */
export const ISO_DATE_MIN_YEAR = 1970;
export const ISO_DATE_MAX_YEAR = 9998;

/** What a refused date, zone or period is told: the same for analytics and history. */
export const DATE_MESSAGES = {
  from: 'from must be a date written YYYY-MM-DD',
  to: 'to must be a date written YYYY-MM-DD',
  tz: 'tz must be an IANA time zone such as Europe/Paris',
  order: 'The start date must be on or before the end date',
} as const;

/** Whether `s` is a real calendar date written `YYYY-MM-DD` (no 2024-02-30) in the years 1970–9998. */
export function isIsoDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const year = Number(s.slice(0, 4));
  if (year < ISO_DATE_MIN_YEAR || year > ISO_DATE_MAX_YEAR) return false;
  const ms = Date.parse(`${s}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === s;
}

/** The date `days` after (or before, when negative) a `YYYY-MM-DD` date. */
export function addDays(date: string, days: number): string {
  return dateOfDayNumber(dayNumberOf(date) + days);
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` date. */
export function dayNumberOf(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

/** The `YYYY-MM-DD` of a day number (days since 1970-01-01). */
export function dateOfDayNumber(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included (1 for the same day, 0 or less when `to` comes first). */
export function daysInRange(from: string, to: string): number {
  return dayNumberOf(to) - dayNumberOf(from) + 1;
}

/** The zone's canonical IANA name (`europe/paris` → `Europe/Paris`), or null when the runtime knows no such zone. */
export function canonicalTimeZone(tz: string): string | null {
  if (tz.length === 0 || tz.length > 64) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: tz }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** Today's date in a time zone, `YYYY-MM-DD`. */
export function todayIn(tz: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}
