import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { analyticsRangeProblem, lastDays, type AnalyticsRange, type ChatbotAnalytics } from './analytics';
import { addDays, canonicalTimeZone, daysInRange, isIsoDate, todayIn } from './dates';
import { historyExportQuerySchema } from './history.schemas';
import { analyticsQuerySchema, type chatbotAnalyticsSchema } from './analytics.schemas';

describe('analytics periods', () => {
  it('accepts real calendar dates only', () => {
    expect(['2024-02-29', '2023-12-31', '1999-01-01'].map(isIsoDate)).toEqual([true, true, true]);
    expect(['2023-02-29', '2024-13-01', '2024-1-01', '20240101', ' 2024-01-01', ''].map(isIsoDate)).toEqual([false, false, false, false, false, false]);
  });

  it('accepts the years 1970 to 9998 only, where day numbers are positive and dates compare as text', () => {
    expect(['1970-01-01', '9998-12-31'].map(isIsoDate)).toEqual([true, true]);
    expect(['1969-12-31', '0000-01-01', '9999-12-25', '9999-12-31'].map(isIsoDate)).toEqual([false, false, false, false]);
    // The last accepted day plus one still reads as a date, which the period loop relies on.
    expect(addDays('9998-12-31', 1)).toBe('9999-01-01');
    expect(addDays('1970-01-01', -1)).toBe('1969-12-31');
  });

  it('counts days with both ends, across months and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2023-12-31', 1)).toBe('2024-01-01');
    expect(daysInRange('2024-03-09', '2024-03-09')).toBe(1);
    expect(daysInRange('2024-01-01', '2024-12-31')).toBe(366);
    expect(daysInRange('2024-03-31', '2024-03-30')).toBe(0);
  });

  it('names the fault of a period by field: order on from, length on to', () => {
    expect(analyticsRangeProblem('2024-01-01', '2024-12-31')).toBeNull();
    expect(analyticsRangeProblem('2024-03-02', '2024-03-01')).toEqual({ field: 'from', message: 'The start date must be on or before the end date' });
    expect(analyticsRangeProblem('2023-01-01', '2024-01-02')).toEqual({ field: 'to', message: 'The period can cover at most 366 days' });
  });

  it('knows today and the last N days on a zone’s clock', () => {
    const now = new Date('2024-03-10T03:30:00Z');
    expect(todayIn('UTC', now)).toBe('2024-03-10');
    expect(todayIn('America/Los_Angeles', now)).toBe('2024-03-09');
    expect(todayIn('Pacific/Kiritimati', now)).toBe('2024-03-10');
    expect(lastDays(7, 'America/Los_Angeles', now)).toEqual({ from: '2024-03-03', to: '2024-03-09' });
    expect(canonicalTimeZone('europe/paris')).toBe('Europe/Paris');
    expect(canonicalTimeZone('Mars/Olympus_Mons')).toBeNull();
    expect(canonicalTimeZone('')).toBeNull();
  });
});

describe('analyticsQuerySchema', () => {
  it('fills in the defaults and canonical zone', () => {
    expect(analyticsQuerySchema.parse({ from: '2024-03-09', to: '2024-03-11', tz: 'america/new_york' })).toEqual({
      from: '2024-03-09',
      to: '2024-03-11',
      tz: 'America/New_York',
      days: 3,
    });
    expect(analyticsQuerySchema.parse({ to: '2024-03-31' })).toEqual({ from: '2024-03-02', to: '2024-03-31', tz: 'UTC', days: 30 });
  });

  it('reports every problem under its field', () => {
    const problems = (query: Record<string, unknown>) => {
      const result = analyticsQuerySchema.safeParse(query);
      return result.success ? null : result.error.issues.map((i) => [i.path.join('.'), i.message]);
    };
    expect(problems({ from: '2024-02-30', tz: 'Nowhere' })).toEqual([
      ['from', 'from must be a date written YYYY-MM-DD'],
      ['tz', 'tz must be an IANA time zone such as Europe/Paris'],
    ]);
    expect(problems({ from: '2024-03-11', to: '2024-03-09' })).toEqual([['from', 'The start date must be on or before the end date']]);
    expect(problems({ from: ['2024-03-01', '2024-03-02'] })).toEqual([['from', 'from must be a date written YYYY-MM-DD']]);
    expect(problems({ from: '9999-12-25', to: '9999-12-31' })).toEqual([
      ['from', 'from must be a date written YYYY-MM-DD'],
      ['to', 'to must be a date written YYYY-MM-DD'],
    ]);
    expect(problems({ from: '1969-12-01', to: '1970-01-01' })).toEqual([['from', 'from must be a date written YYYY-MM-DD']]);
    expect(problems({ from: '2099-01-01' })?.[0]).toEqual(['from', 'The start date must be on or before the end date']);
  });

  it('tells a bad date or a reversed period in the very words the history filters use', () => {
    const messages = (schema: typeof historyExportQuerySchema | typeof analyticsQuerySchema, query: Record<string, string>) =>
      schema.safeParse(query).error?.issues.map((i) => i.message);
    const queries: Record<string, string>[] = [{ from: '9999-12-25' }, { to: '1969-07-20' }, { tz: 'Nowhere' }, { from: '2024-03-02', to: '2024-03-01' }];
    for (const query of queries) {
      expect(messages(historyExportQuerySchema, query)).toEqual(messages(analyticsQuerySchema, query));
    }
    expect(messages(historyExportQuerySchema, { from: '2024-03-02', to: '2024-03-01' })).toEqual(['The start date must be on or before the end date']);
  });

  it('describes the same shapes as the plain types', () => {
    expectTypeOf<z.output<typeof analyticsQuerySchema>>().toEqualTypeOf<AnalyticsRange>();
    expectTypeOf<z.output<typeof chatbotAnalyticsSchema>>().toEqualTypeOf<ChatbotAnalytics>();
  });
});
