import type { ComponentType } from 'react';
import { Card } from '../../components/Card';

/** Body of a tool page whose features arrive with a later part of the product. */
export function PlannedTool({ Icon, heading, points }: { Icon: ComponentType<{ className?: string }>; heading: string; points: string[] }) {
  return (
    <Card className="p-8">
      <div className="flex items-start gap-4">
        <span className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-blue-50 text-blue-600 dark:bg-blue-500/10 dark:text-blue-400">
          <Icon className="h-5 w-5" aria-hidden />
        </span>
        <div>
          <h2 className="text-lg font-semibold">{heading}</h2>
          <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm text-slate-600 dark:text-slate-400">
            {points.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      </div>
    </Card>
  );
}
