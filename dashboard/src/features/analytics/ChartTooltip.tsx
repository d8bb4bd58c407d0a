import type { TooltipContentProps } from 'recharts';

/** Colours of the series: readable on the light and the dark background alike. */
export const SERIES = { conversations: '#2563eb', messages: '#10b981', questions: '#6366f1', answered: '#10b981', fallback: '#f59e0b' } as const;

/** Axis text and grid lines take the surrounding text colour, so they follow the theme. */
export const AXIS = { tick: { fill: 'currentColor', fontSize: 12 }, stroke: 'currentColor' } as const;

type Props = TooltipContentProps & { formatLabel?: (label: string | number) => string };

/** The hover card of every chart, in the dashboard's own look (light and dark). */
export function ChartTooltip({ active, payload, label, formatLabel }: Props) {
  if (!active || !payload?.length) return null;
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-xs text-slate-900 shadow-md dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100">
      {label !== undefined && <p className="mb-1 font-medium">{formatLabel ? formatLabel(label) : String(label)}</p>}
      {payload.map((item) => (
        <p key={String(item.dataKey ?? item.name)} className="flex items-center gap-2">
          <span className="inline-block h-2 w-2 rounded-full" style={{ backgroundColor: item.color }} aria-hidden />
          {item.name}: <span className="font-semibold tabular-nums">{Number(item.value).toLocaleString('en-US')}</span>
        </p>
      ))}
    </div>
  );
}
