import { ANALYTICS_DEFAULT_DAYS, ANALYTICS_PERIODS, analyticsRangeProblem, isIsoDate, lastDays } from '@parley/contracts';
import type { AnalyticsPeriod } from './useAnalytics';

/** The picker's choice: one of the offered lengths ending today, or two days the owner picked. */
export type PeriodChoice = { days: (typeof ANALYTICS_PERIODS)[number] } | { days: 'custom'; from: string; to: string };

/**
 * The period the page shows, from its address: `?days=7|30|90` (30 when absent) or
 * `?from=YYYY-MM-DD&to=YYYY-MM-DD`. A custom period the API would refuse falls back to the
 * default, so a hand-edited address still shows figures.
 */
export function readPeriod(params: URLSearchParams, tz: string, now = new Date()): { choice: PeriodChoice; period: AnalyticsPeriod } {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  if (isIsoDate(from) && isIsoDate(to) && !analyticsRangeProblem(from, to)) {
    return { choice: { days: 'custom', from, to }, period: { from, to, tz } };
  }
  const asked = Number(params.get('days'));
  const days = ANALYTICS_PERIODS.find((d) => d === asked) ?? ANALYTICS_DEFAULT_DAYS;
  const choice: PeriodChoice = { days };
  return { choice, period: { ...lastDays(days, tz, now), tz } };
}

/** The address parameters of a choice; the default period has none. */
export function periodParams(choice: PeriodChoice): Record<string, string> {
  if (choice.days === 'custom') return { from: choice.from, to: choice.to };
  return choice.days === ANALYTICS_DEFAULT_DAYS ? {} : { days: String(choice.days) };
}
