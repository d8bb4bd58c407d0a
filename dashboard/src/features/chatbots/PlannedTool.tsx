import type { ComponentType } from 'react';
import { Badge } from '../../components/Badge';
import { ButtonLink } from '../../components/Button';
import { Card } from '../../components/Card';

/**
 * Body of a tool page whose screen arrives with a later part of the product. It says so plainly
 * (no spec empty-state texts such as "No conversations yet", which would claim what the page
 * has not looked up) and points to what already works.
 */
export function PlannedTool({
  Icon,
  heading,
  points,
  next,
}: {
  Icon: ComponentType<{ className?: string }>;
  heading: string;
  points: string[];
  next?: { to: string; label: string };
}) {
  return (
    <Card className="p-8" data-testid="coming-soon">
      <div className="flex items-start gap-4">
        <span className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-blue-50 text-blue-600 dark:bg-blue-500/10 dark:text-blue-400">
          <Icon className="h-5 w-5" aria-hidden />
        </span>
        <div>
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-lg font-semibold">{heading}</h2>
            <Badge tone="amber">Coming soon</Badge>
          </div>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">This screen is not available yet. It will let you:</p>
          <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm text-slate-600 dark:text-slate-400">
            {points.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
          {next && (
            <ButtonLink to={next.to} variant="outline" size="sm" className="mt-5">
              {next.label}
            </ButtonLink>
          )}
        </div>
      </div>
    </Card>
  );
}
