import type { KeyboardEvent, ReactNode } from 'react';
import { cn } from '../lib/cn';

type TabsProps<T extends string> = {
  /** Prefix of the tabs' and panels' ids: `{id}-tab-{value}`, `{id}-panel-{value}`. */
  id: string;
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly (readonly [T, ReactNode])[];
  selected: T;
  onSelect: (value: T) => void;
  /** Every panel stays in the page (hidden when not selected), so every tab may point at its own. */
  allPanelsMounted?: boolean;
  className?: string;
};

/**
 * A tab list: only the selected tab is in the Tab order; ArrowLeft/ArrowRight (wrapping), Home
 * and End move to another tab and select it. Pair it with `tabPanelProps` on the panels.
 */
export function Tabs<T extends string>({ id, label, tabs, selected, onSelect, allPanelsMounted, className }: TabsProps<T>) {
  function onKeyDown(e: KeyboardEvent<HTMLButtonElement>) {
    const at = tabs.findIndex(([value]) => value === selected);
    const last = tabs.length - 1;
    const next = { ArrowRight: at === last ? 0 : at + 1, ArrowLeft: at === 0 ? last : at - 1, Home: 0, End: last }[e.key];
    const target = next === undefined ? undefined : tabs[next];
    if (!target) return;
    e.preventDefault();
    onSelect(target[0]);
    const buttons = e.currentTarget.parentElement?.children;
    (buttons?.[next ?? 0] as HTMLElement | undefined)?.focus();
  }

  return (
    <div role="tablist" aria-label={label} className={cn('grid rounded-lg bg-slate-100 p-1 dark:bg-slate-800', className)} style={{ gridTemplateColumns: `repeat(${tabs.length}, minmax(0, 1fr))` }}>
      {tabs.map(([value, text]) => {
        const on = value === selected;
        return (
          <button
            key={value}
            id={`${id}-tab-${value}`}
            role="tab"
            type="button"
            aria-selected={on}
            aria-controls={on || allPanelsMounted ? `${id}-panel-${value}` : undefined}
            tabIndex={on ? 0 : -1}
            onClick={() => onSelect(value)}
            onKeyDown={onKeyDown}
            className={cn(
              'rounded-md px-4 py-1.5 text-sm font-medium transition-colors',
              on ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-white' : 'text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white',
            )}
          >
            {text}
          </button>
        );
      })}
    </div>
  );
}

/** The attributes of the panel of tab `value` in the `Tabs` with this `id`. */
export function tabPanelProps(id: string, value: string, selected: string) {
  return { id: `${id}-panel-${value}`, role: 'tabpanel', 'aria-labelledby': `${id}-tab-${value}`, hidden: value !== selected } as const;
}
