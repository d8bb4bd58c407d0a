import { describe, expect, it } from 'vitest';
import { startOfLocalDay, zoneOffsetMs } from './timeZones';

const HOUR = 3_600_000;
const utc = (iso: string) => Date.parse(iso);

describe('zoneOffsetMs', () => {
  it('reads whole, half and quarter hour offsets, east and west, summer and winter', () => {
    expect(zoneOffsetMs('UTC', utc('2024-06-01T12:00:00Z'))).toBe(0);
    expect(zoneOffsetMs('Europe/Paris', utc('2024-01-15T12:00:00Z'))).toBe(HOUR);
    expect(zoneOffsetMs('Europe/Paris', utc('2024-07-15T12:00:00Z'))).toBe(2 * HOUR);
    expect(zoneOffsetMs('America/New_York', utc('2024-01-15T12:00:00Z'))).toBe(-5 * HOUR);
    expect(zoneOffsetMs('Asia/Kolkata', utc('2024-01-15T12:34:56.789Z'))).toBe(5.5 * HOUR);
    expect(zoneOffsetMs('Asia/Kathmandu', utc('2024-01-15T00:00:00Z'))).toBe(5.75 * HOUR);
  });
});

describe('startOfLocalDay', () => {
  it('is local midnight in UTC, on ordinary days and on days the clocks change', () => {
    expect(startOfLocalDay('2024-03-10', 'UTC')).toBe(utc('2024-03-10T00:00:00Z'));
    expect(startOfLocalDay('2024-03-10', 'America/New_York')).toBe(utc('2024-03-10T05:00:00Z'));
    expect(startOfLocalDay('2024-03-11', 'America/New_York')).toBe(utc('2024-03-11T04:00:00Z'));
    expect(startOfLocalDay('2024-01-01', 'Asia/Kolkata')).toBe(utc('2023-12-31T18:30:00Z'));
  });

  it('begins a day without a midnight at the jump, and a day with two at the first', () => {
    // Santiago jumped from 24:00 on 2024-09-07 to 01:00 (-04 to -03): no midnight on the 8th.
    expect(startOfLocalDay('2024-09-08', 'America/Santiago')).toBe(utc('2024-09-08T04:00:00Z'));
    expect(startOfLocalDay('2024-09-09', 'America/Santiago')).toBe(utc('2024-09-09T03:00:00Z'));
    // Havana turned back from 01:00 to 00:00 on 2024-11-03 (-04 to -05): midnight came twice.
    expect(startOfLocalDay('2024-11-03', 'America/Havana')).toBe(utc('2024-11-03T04:00:00Z'));
    expect(startOfLocalDay('2024-11-04', 'America/Havana')).toBe(utc('2024-11-04T05:00:00Z'));
  });
});
