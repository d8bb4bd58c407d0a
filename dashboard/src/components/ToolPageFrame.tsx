import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { cn } from '../lib/cn';

type ToolPageFrameProps = {
  title: ReactNode;
  /** Beside the heading (e.g. a status badge). */
  badge?: ReactNode;
  subtitle: ReactNode;
  /** Buttons on the right of the heading. */
  actions?: ReactNode;
  /** A page of lists reads better narrower than a tool page. */
  narrow?: boolean;
  children: ReactNode;
};

/** The frame of an owner's tool page (per chatbot, or Leads): Back to Dashboard, heading with its badge and actions, subtitle, content. */
export function ToolPageFrame({ title, badge, subtitle, actions, narrow, children }: ToolPageFrameProps) {
  return (
    <div className={cn('mx-auto space-y-8 px-4 py-10 sm:px-6 lg:px-8', narrow ? 'max-w-5xl' : 'max-w-7xl')}>
      <div>
        <Link to="/dashboard" className="inline-flex items-center gap-1.5 text-sm text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white">
          <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Dashboard
        </Link>
        <div className="mt-4 flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
              {badge}
            </div>
            <p className="mt-2 break-words text-slate-600 dark:text-slate-400">{subtitle}</p>
          </div>
          {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
        </div>
      </div>
      {children}
    </div>
  );
}
