import { HISTORY_FLAG_LABELS, HISTORY_SEARCH_MAX_LENGTH, historyFlags, type HistoryFlag } from '@parley/contracts';
import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/Button';
import { DateRangeInputs } from '../../components/DateRangeInputs';
import { Input } from '../../components/Input';
import { cn } from '../../lib/cn';
import { hasFilters, type HistoryFilterState } from './historyFilters';

/** How long the search waits after the last key before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

type Props = { filters: HistoryFilterState; onChange: (filters: HistoryFilterState) => void };

/** Flag toggles, a date range and a search over every message; the page keeps them in the URL. */
export function HistoryFilterBar({ filters, onChange }: Props) {
  const toggle = (flag: HistoryFlag) =>
    onChange({ ...filters, flags: filters.flags.includes(flag) ? filters.flags.filter((f) => f !== flag) : [...filters.flags, flag] });
  return (
    <section aria-label="Filter conversations" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-end gap-3">
        <SearchBox value={filters.q} onChange={(q) => onChange({ ...filters, q })} />
        <DateRangeInputs ordered from={filters.from} to={filters.to} onChange={(range) => onChange({ ...filters, ...range })} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <div role="group" aria-label="Only conversations with" className="flex flex-wrap gap-2">
          {historyFlags.map((flag) => {
            const on = filters.flags.includes(flag);
            return (
              <button
                key={flag}
                type="button"
                aria-pressed={on}
                onClick={() => toggle(flag)}
                className={cn(
                  'rounded-full border px-3 py-1 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none',
                  on
                    ? 'border-blue-600 bg-blue-600 text-white dark:border-blue-500 dark:bg-blue-500'
                    : 'border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800',
                )}
              >
                {HISTORY_FLAG_LABELS[flag]}
              </button>
            );
          })}
        </div>
        {hasFilters(filters) && (
          <Button variant="ghost" size="sm" onClick={() => onChange({ flags: [], from: '', to: '', q: '' })}>
            <X className="h-4 w-4" aria-hidden /> Clear filters
          </Button>
        )}
      </div>
    </section>
  );
}

/** The search field: typing updates the box at once and the filter once the owner pauses. */
function SearchBox({ value, onChange }: { value: string; onChange: (q: string) => void }) {
  const id = useId();
  const [text, setText] = useState(value);
  // What this box last sent: a URL change that is not its own (Clear filters, the back button) is shown.
  const committed = useRef(value);
  useEffect(() => {
    if (value === committed.current) return;
    committed.current = value;
    setText(value);
  }, [value]);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  useEffect(() => {
    if (text.trim() === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = text.trim();
      onChangeRef.current(committed.current);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <label className="min-w-56 flex-1 text-sm" htmlFor={id}>
      <span className="mb-1 block text-slate-600 dark:text-slate-400">Search messages</span>
      <span className="relative block">
        <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
        <Input
          id={id}
          type="search"
          className="pl-9"
          value={text}
          maxLength={HISTORY_SEARCH_MAX_LENGTH}
          placeholder='Words or "a phrase"'
          onChange={(e) => setText(e.target.value)}
        />
      </span>
    </label>
  );
}
