import { zoneOffsetMs } from '../../lib/timeZones';

/** A stretch of time `[from, until)` (UTC ms) over which a zone's clocks run at one offset from UTC. */
export type ZoneSegment = { from: number; until: number; offsetMs: number };

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * The offsets of `tz` over `[startMs, endMs)`, split where the clocks change (daylight saving
 * time, a zone changing its rules). SQLite knows nothing of IANA zones, so analytics add each
 * stretch's offset to a UTC timestamp in SQL and count the result as local wall time.
 *
 * The offset is read once a day (no zone changes its clocks twice within 24 hours) and a change
 * between two readings is narrowed down to the minute, the finest step any zone changes at.
 */
export function zoneSegments(tz: string, startMs: number, endMs: number): ZoneSegment[] {
  const segments: ZoneSegment[] = [];
  let from = startMs;
  let offsetMs = zoneOffsetMs(tz, startMs);
  for (let probe = startMs; probe < endMs; ) {
    const next = Math.min(probe + DAY_MS, endMs - 1);
    if (next <= probe) break;
    const nextOffset = zoneOffsetMs(tz, next);
    if (nextOffset !== offsetMs) {
      const change = firstInstantWithOffset(tz, probe, next, offsetMs);
      segments.push({ from, until: change, offsetMs });
      from = change;
      offsetMs = zoneOffsetMs(tz, change);
      // The reading at `next` may sit past a second change; read on from this one.
      probe = change;
      continue;
    }
    probe = next;
  }
  segments.push({ from, until: endMs, offsetMs });
  return segments;
}

/** One hour of the zone's clock within a period: `[start, end)` in UTC ms and its number (hours since 1970-01-01, local time). */
export type LocalHour = { start: number; end: number; hour: number };

/**
 * The stretches cut at every full hour of the zone's clock, in order. A clock change cuts too:
 * the hour skipped in spring has no entry, the hour repeated in autumn has two with the same
 * number, and a zone half an hour off UTC gets hours starting at :30 UTC.
 */
export function localHours(segments: ZoneSegment[]): LocalHour[] {
  const hours: LocalHour[] = [];
  for (const { from, until, offsetMs } of segments) {
    let start = from;
    while (start < until) {
      const hour = Math.floor((start + offsetMs) / HOUR_MS);
      const end = Math.min(until, (hour + 1) * HOUR_MS - offsetMs);
      hours.push({ start, end, hour });
      start = end;
    }
  }
  return hours;
}

/** The first whole minute in `(before, after]` at which `tz` no longer runs at `offsetMs`. */
function firstInstantWithOffset(tz: string, before: number, after: number, offsetMs: number): number {
  let lo = Math.floor(before / MINUTE_MS);
  let hi = Math.ceil(after / MINUTE_MS);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (zoneOffsetMs(tz, mid * MINUTE_MS) === offsetMs) lo = mid;
    else hi = mid;
  }
  return hi * MINUTE_MS;
}
