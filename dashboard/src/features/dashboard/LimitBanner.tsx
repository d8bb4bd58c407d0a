import { AlertTriangle, OctagonAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

type LimitBannerProps = {
  /** Amber while approaching a plan limit, red once it is reached. */
  reached: boolean;
  title: string;
  children: ReactNode;
  'data-testid'?: string;
};

/** A plan-limit banner (active chatbots, monthly messages) ending in the upgrade link. */
export function LimitBanner({ reached, title, children, ...rest }: LimitBannerProps) {
  const Icon = reached ? OctagonAlert : AlertTriangle;
  return (
    <div
      role="status"
      {...rest}
      className={
        reached
          ? 'flex gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200'
          : 'flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200'
      }
    >
      <Icon className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
      <div className="text-sm">
        <p className="font-semibold">{title}</p>
        <p className="mt-1">
          {children}{' '}
          <Link to="/subscription" className="font-medium underline underline-offset-2">
            Upgrade your plan
          </Link>
        </p>
      </div>
    </div>
  );
}
