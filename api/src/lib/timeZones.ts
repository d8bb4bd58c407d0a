/** Wall clocks of IANA time zones, for the features that count or filter by the owner's calendar days. */

const DAY_MS = 86_400_000;

/**
 * The UTC instant a local calendar day (`YYYY-MM-DD`) begins in `tz`. Where midnight happens
 * twice (clocks turned back at midnight) the day begins at the first; where it never happens
 * (clocks jump from 24:00 to 01:00, as in Santiago or Cairo) it begins at the jump.
 */
export function startOfLocalDay(date: string, tz: string): number {
  const wall = Date.parse(`${date}T00:00:00Z`);
  const offsets = new Set([zoneOffsetMs(tz, wall - DAY_MS), zoneOffsetMs(tz, wall), zoneOffsetMs(tz, wall + DAY_MS)]);
  const candidates = [...offsets].map((offset) => wall - offset);
  const exact = candidates.filter((utc) => utc + zoneOffsetMs(tz, utc) === wall);
  return exact.length > 0 ? Math.min(...exact) : Math.max(...candidates);
}

/** How far `tz`'s wall clock is ahead of UTC at `utcMs` (negative west of Greenwich). */
export function zoneOffsetMs(tz: string, utcMs: number): number {
  const parts = formatterFor(tz).formatToParts(new Date(utcMs));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)!.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour') % 24, part('minute'), part('second'));
  return wall - (utcMs - (((utcMs % 1000) + 1000) % 1000));
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(tz: string): Intl.DateTimeFormat {
  let formatter = formatters.get(tz);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(tz, formatter);
  }
  return formatter;
}
