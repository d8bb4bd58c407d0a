import type { ComponentType, ReactNode } from 'react';
import { Card } from './Card';

export type Stat = { id: string; label: string; value: string; note: ReactNode; Icon: ComponentType<{ className?: string }> };

/** One headline figure with its icon; the note under it says what the number counts. Test id `stat-{id}`. */
export function StatCard({ id, label, value, note, Icon }: Stat) {
  return (
    <Card className="p-5" data-testid={`stat-${id}`}>
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-slate-500 dark:text-slate-400">{label}</p>
        <span className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-blue-50 text-blue-600 dark:bg-blue-500/10 dark:text-blue-400">
          <Icon className="h-[18px] w-[18px]" aria-hidden />
        </span>
      </div>
      <p className="mt-2 text-3xl font-bold tracking-tight" data-testid="stat-value">
        {value}
      </p>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{note}</p>
    </Card>
  );
}
