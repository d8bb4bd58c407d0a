import { useId } from 'react';
import { Input } from './Input';

export type DateRange = { from: string; to: string };

type Props = DateRange & {
  onChange: (range: DateRange) => void;
  /** The last day either end may be. */
  max?: string;
  /**
   * Keeps the range from turning empty by mistake: each picker stops at the other's day, and a
   * start moved past the end (or an end before the start) moves the other end along. Without
   * it the caller judges the pair and says why it is refused (`invalid`, `describedBy`).
   */
  ordered?: boolean;
  invalid?: boolean;
  describedBy?: string;
};

/** The From and To day pickers of a period filter, labelled "From" and "To". */
export function DateRangeInputs({ from, to, onChange, max, ordered = false, invalid, describedBy }: Props) {
  const id = useId();
  const setFrom = (value: string) => onChange({ from: value, to: ordered && to && value > to ? value : to });
  const setTo = (value: string) => onChange({ from: ordered && from && value && value < from ? value : from, to: value });
  const fields = [
    { key: 'from', label: 'From', value: from, set: setFrom, min: undefined, max: (ordered && to) || max },
    { key: 'to', label: 'To', value: to, set: setTo, min: (ordered && from) || undefined, max },
  ];
  return (
    <div className="flex flex-wrap gap-3">
      {fields.map((f) => (
        <label key={f.key} className="text-sm" htmlFor={`${id}-${f.key}`}>
          <span className="mb-1 block font-medium text-slate-700 dark:text-slate-300">{f.label}</span>
          <Input
            id={`${id}-${f.key}`}
            type="date"
            className="w-40"
            value={f.value}
            min={f.min}
            max={f.max || undefined}
            invalid={invalid}
            aria-describedby={describedBy}
            onChange={(e) => f.set(e.target.value)}
          />
        </label>
      ))}
    </div>
  );
}
