import { ANALYTICS_PERIODS, analyticsRangeProblem, isIsoDate, todayIn } from '@parley/contracts';
import { useId, useState } from 'react';
import { Button } from '../../components/Button';
import { DateRangeInputs, type DateRange } from '../../components/DateRangeInputs';
import type { PeriodChoice } from './analyticsPeriod';
import type { AnalyticsPeriod } from './useAnalytics';

// The chosen option keeps white text readable on blue in the dark theme too.
const PRESSED = 'aria-pressed:dark:bg-blue-600 aria-pressed:dark:hover:bg-blue-700';

type Props = { choice: PeriodChoice; period: AnalyticsPeriod; onChange: (choice: PeriodChoice) => void };

/**
 * 7, 30 or 90 days ending today, or Custom: two dates, applied as soon as both make a period
 * the API accepts (otherwise the reason shows under them and the figures stay as they were).
 */
export function PeriodPicker({ choice, period, onChange }: Props) {
  // Custom stays open from its button until a length is chosen; a custom address opens it too.
  const [editing, setEditing] = useState(false);
  const custom = editing || choice.days === 'custom';
  const [draft, setDraft] = useState({ from: period.from, to: period.to });
  const id = useId();
  const today = todayIn(period.tz);
  const problem = isIsoDate(draft.from) && isIsoDate(draft.to) ? analyticsRangeProblem(draft.from, draft.to) : { message: 'Pick both dates' };

  const edit = (next: DateRange) => {
    setDraft(next);
    if (isIsoDate(next.from) && isIsoDate(next.to) && !analyticsRangeProblem(next.from, next.to)) onChange({ days: 'custom', ...next });
  };

  return (
    <div className="space-y-3">
      <div role="group" aria-label="Period" className="flex flex-wrap gap-2">
        {ANALYTICS_PERIODS.map((days) => (
          <Button
            key={days}
            size="sm"
            variant={!custom && choice.days === days ? 'primary' : 'outline'}
            className={PRESSED}
            aria-pressed={!custom && choice.days === days}
            onClick={() => {
              setEditing(false);
              onChange({ days });
            }}
          >
            {days} days
          </Button>
        ))}
        <Button
          size="sm"
          variant={custom ? 'primary' : 'outline'}
          className={PRESSED}
          aria-pressed={custom}
          onClick={() => {
            setEditing(true);
            setDraft({ from: period.from, to: period.to });
          }}
        >
          Custom
        </Button>
      </div>
      {custom && (
        <div className="flex flex-wrap items-end gap-3">
          <DateRangeInputs
            from={draft.from}
            to={draft.to}
            max={today}
            invalid={problem !== null}
            describedBy={problem ? `${id}-problem` : undefined}
            onChange={edit}
          />
          {problem && (
            <p id={`${id}-problem`} role="alert" className="basis-full text-sm text-red-600 dark:text-red-400">
              {problem.message}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
