import { describe, expect, it } from 'vitest';
import { startOfLocalDay } from '../../lib/timeZones';
import { localHours, zoneSegments } from './zoneSegments';

const HOUR = 3_600_000;
const utc = (iso: string) => Date.parse(iso);

describe('zoneSegments', () => {
  it('is one stretch where the clocks never change', () => {
    const start = utc('2024-03-01T00:00:00Z');
    const end = utc('2024-06-01T00:00:00Z');
    expect(zoneSegments('UTC', start, end)).toEqual([{ from: start, until: end, offsetMs: 0 }]);
    expect(zoneSegments('Asia/Kolkata', start - 5.5 * HOUR, end)).toEqual([{ from: start - 5.5 * HOUR, until: end, offsetMs: 5.5 * HOUR }]);
  });

  it('splits at each clock change, to the minute', () => {
    // New York: EST until 2024-03-10 07:00 UTC (2 am local), EDT until 2024-11-03 06:00 UTC.
    const start = startOfLocalDay('2024-03-01', 'America/New_York');
    const end = startOfLocalDay('2024-11-30', 'America/New_York');
    expect(zoneSegments('America/New_York', start, end)).toEqual([
      { from: start, until: utc('2024-03-10T07:00:00Z'), offsetMs: -5 * HOUR },
      { from: utc('2024-03-10T07:00:00Z'), until: utc('2024-11-03T06:00:00Z'), offsetMs: -4 * HOUR },
      { from: utc('2024-11-03T06:00:00Z'), until: end, offsetMs: -5 * HOUR },
    ]);
    // Lord Howe Island moves its clocks by half an hour.
    const lordHowe = zoneSegments('Australia/Lord_Howe', utc('2024-03-20T00:00:00Z'), utc('2024-04-20T00:00:00Z'));
    expect(lordHowe.map((s) => s.offsetMs / HOUR)).toEqual([11, 10.5]);
    expect(new Date(lordHowe[0].until).toISOString()).toBe('2024-04-06T15:00:00.000Z');
  });
});

describe('localHours', () => {
  const wall = (h: { start: number; end: number; hour: number }, tz: string) => ({
    from: new Date(h.start).toISOString().slice(11, 16),
    to: new Date(h.end).toISOString().slice(11, 16),
    local: `${new Date(h.hour * HOUR).toISOString().slice(0, 13)}h`,
    tz,
  });

  it('cuts a period at each full local hour, skipping the hour lost in spring and repeating the one gained in autumn', () => {
    const spring = zoneSegments('Europe/Paris', utc('2024-03-31T00:00:00Z'), utc('2024-03-31T02:00:00Z'));
    expect(localHours(spring).map((h) => wall(h, 'Paris'))).toEqual([
      { from: '00:00', to: '01:00', local: '2024-03-31T01h', tz: 'Paris' },
      { from: '01:00', to: '02:00', local: '2024-03-31T03h', tz: 'Paris' },
    ]);
    const autumn = zoneSegments('Europe/Paris', utc('2024-10-27T00:00:00Z'), utc('2024-10-27T02:00:00Z'));
    expect(localHours(autumn).map((h) => wall(h, 'Paris'))).toEqual([
      { from: '00:00', to: '01:00', local: '2024-10-27T02h', tz: 'Paris' },
      { from: '01:00', to: '02:00', local: '2024-10-27T02h', tz: 'Paris' },
    ]);
  });

  it('starts hours at half past in a zone half an hour off UTC, and covers the period without gaps', () => {
    const start = startOfLocalDay('2024-01-01', 'Asia/Kolkata');
    const end = startOfLocalDay('2024-01-03', 'Asia/Kolkata');
    const hours = localHours(zoneSegments('Asia/Kolkata', start, end));
    expect(hours).toHaveLength(48);
    expect(wall(hours[0], 'Kolkata')).toEqual({ from: '18:30', to: '19:30', local: '2024-01-01T00h', tz: 'Kolkata' });
    expect(hours.every((h, i) => i === 0 || h.start === hours[i - 1].end)).toBe(true);
    expect([hours[0].start, hours.at(-1)!.end]).toEqual([start, end]);
  });
});
