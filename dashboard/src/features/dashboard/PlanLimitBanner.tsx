import { AlertTriangle, OctagonAlert } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { BotLimit } from './botLimit';

/** Amber near the active-chatbot cap, red at it. */
export function PlanLimitBanner({ limit, planName }: { limit: BotLimit; planName: string }) {
  if (limit.level === 'ok' || limit.cap === null) return null;
  const reached = limit.level === 'reached';
  const Icon = reached ? OctagonAlert : AlertTriangle;
  return (
    <div
      role="status"
      className={
        reached
          ? 'flex gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200'
          : 'flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200'
      }
    >
      <Icon className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
      <div className="text-sm">
        <p className="font-semibold">{reached ? 'Active Chatbot Limit Reached' : 'Approaching Active Chatbot Limit'}</p>
        <p className="mt-1">
          {reached
            ? `You are using all ${limit.cap} active chatbot${limit.cap === 1 ? '' : 's'} of the ${planName} plan. Deactivate a chatbot or upgrade to create more.`
            : `You are using ${limit.active} of ${limit.cap} active chatbots on the ${planName} plan.`}{' '}
          <Link to="/subscription" className="font-medium underline underline-offset-2">
            Upgrade your plan
          </Link>
        </p>
      </div>
    </div>
  );
}
