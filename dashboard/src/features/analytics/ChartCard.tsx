import { Table2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { cn } from '../../lib/cn';

type Props = { title: string; description?: ReactNode; chart: ReactNode; table: ReactNode; className?: string; testId?: string };

/**
 * A chart with its numbers one press away: "Show as table" swaps the drawing for a real table
 * (with a caption), which screen readers, keyboards and copy-paste can use.
 */
export function ChartCard({ title, description, chart, table, className, testId }: Props) {
  const [asTable, setAsTable] = useState(false);
  const headingId = useId();
  return (
    <Card className={cn('min-w-0 p-5', className)} role="region" aria-labelledby={headingId} data-testid={testId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold">
            {title}
          </h2>
          {description && <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">{description}</p>}
        </div>
        <Button variant="ghost" size="sm" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
          <Table2 className="h-4 w-4" aria-hidden /> Show as table
        </Button>
      </div>
      <div className="mt-4">{asTable ? table : chart}</div>
    </Card>
  );
}

type Column = { label: string; numeric?: boolean };

/** A plain, captioned table of a chart's numbers; it scrolls sideways inside its card on a narrow screen. */
export function FigureTable({ caption, columns, rows }: { caption: string; columns: Column[]; rows: ReactNode[][] }) {
  return (
    <ScrollBox label={caption}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500 dark:border-slate-800 dark:text-slate-400">
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={cn('px-2 py-2 font-medium', c.numeric && 'text-right')}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {rows.map((cells, r) => (
            // Rows are positional (a day, an hour): their order is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <tr key={r}>
              {cells.map((cell, c) =>
                c === 0 ? (
                  <th key={columns[c].label} scope="row" className="px-2 py-1.5 font-normal whitespace-nowrap">
                    {cell}
                  </th>
                ) : (
                  <td key={columns[c].label} className={cn('px-2 py-1.5 tabular-nums', columns[c].numeric && 'text-right')}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

/** A box that scrolls sideways when its content is wider; keyboard users reach it with Tab and scroll it with the arrows. */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to be scrolled without a mouse
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-blue-600">
      {children}
    </div>
  );
}
