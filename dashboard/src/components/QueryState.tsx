import { AlertCircle, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './Button';
import { Card } from './Card';
import { Spinner } from './Spinner';

/** A page section's data on its way: one large spinner, named for screen readers. */
export function LoadingBlock({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-16">
      <Spinner className="h-8 w-8" label={label} />
    </div>
  );
}

/**
 * A page section whose data could not be loaded, announced as an alert. `onRetry` adds a
 * Try again button for data worth asking for again at once.
 */
export function ErrorCard({ title, message, onRetry }: { title: string; message: string; onRetry?: () => void }) {
  return (
    <Card className="flex flex-col items-center p-10 text-center" role="alert">
      <AlertCircle className="h-10 w-10 text-red-500" aria-hidden />
      <h2 className="mt-4 text-lg font-semibold">{title}</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{message}</p>
      {onRetry && (
        <Button variant="outline" size="sm" className="mt-4" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Card>
  );
}

/** A section with nothing to show yet: an icon, a title and what will appear here. */
export function EmptyCard({ icon: Icon, iconClassName, title, children, testId }: {
  icon: LucideIcon;
  iconClassName: string;
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card className="flex flex-col items-center p-10 text-center" data-testid={testId}>
      <Icon className={`h-10 w-10 ${iconClassName}`} aria-hidden />
      <h2 className="mt-4 text-lg font-semibold">{title}</h2>
      <p className="mt-1 max-w-md text-sm text-slate-600 dark:text-slate-400">{children}</p>
    </Card>
  );
}
