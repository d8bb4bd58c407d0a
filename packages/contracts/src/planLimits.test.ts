import { describe, expect, it } from 'vitest';
import { formatUsageReset, LIMIT_WARNING_PERCENT, limitLevel, nextUsageReset, planLabel } from './planLimits';

describe('limitLevel', () => {
  it('warns from 80 % and stops at the cap; -1 is unlimited', () => {
    expect(LIMIT_WARNING_PERCENT).toBe(80);
    expect(limitLevel(79, 100)).toBe('ok');
    expect(limitLevel(80, 100)).toBe('approaching');
    expect(limitLevel(99, 100)).toBe('approaching');
    expect(limitLevel(100, 100)).toBe('reached');
    expect(limitLevel(120, 100)).toBe('reached');
    expect(limitLevel(1599, 2000)).toBe('ok');
    expect(limitLevel(1600, 2000)).toBe('approaching');
    expect(limitLevel(0, 1)).toBe('ok');
    expect(limitLevel(0, 0)).toBe('reached');
    expect(limitLevel(1_000_000, -1)).toBe('ok');
  });
});

describe('nextUsageReset', () => {
  it('is the start of the next UTC month, across a year end', () => {
    expect(nextUsageReset(new Date('2026-11-25T23:59:59Z')).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(nextUsageReset(new Date('2026-12-31T23:30:00-05:00')).toISOString()).toBe('2027-02-01T00:00:00.000Z');
    expect(nextUsageReset(new Date('2026-12-15T00:00:00Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(formatUsageReset(new Date('2027-01-01T00:00:00Z'))).toBe('January 1, 2027');
  });
});

describe('planLabel', () => {
  it('shows Free as Trial and other plans by name', () => {
    expect(planLabel({ name: 'Free' })).toBe('Trial');
    expect(planLabel({ name: 'Premium' })).toBe('Premium');
  });
});
