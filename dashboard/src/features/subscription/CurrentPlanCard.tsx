import { useState } from 'react';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { CurrentSubscription } from '../../lib/api';
import { useIsAdmin } from '../auth/useAuth';
import { ADMIN_UNLIMITED_BOTS, isFreePlan, limitText, planLabel } from '../pricing/plans';
import { useSubscriptionAction } from './subscriptionActions';

/** Status badge, message usage, bot limit, renewal or active-until date, cancel or resume. */
export function CurrentPlanCard({ subscription: sub }: { subscription: CurrentSubscription }) {
  const cancel = useSubscriptionAction('cancel');
  const resume = useSubscriptionAction('resume');
  const [confirming, setConfirming] = useState(false);
  const isAdmin = useIsAdmin();
  const max = sub.plan.maxMessagesPerMonth;
  const percent = max > 0 ? Math.min(100, (sub.messagesUsedThisMonth / max) * 100) : 0;
  const date = new Date(sub.currentPeriodEnd).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
  const canCancel = sub.status === 'active' && !isFreePlan(sub.plan) && !sub.cancelAtPeriodEnd;

  return (
    <Card className="p-6" data-testid="current-plan">
      <div className="flex flex-col gap-6 md:flex-row md:items-center md:justify-between">
        <div>
          <div className="flex items-center gap-3">
            <h2 className="text-xl font-semibold">Current plan: {planLabel(sub.plan)}</h2>
            {sub.cancelAtPeriodEnd ? <Badge tone="red">Canceled</Badge> : <Badge tone={sub.status === 'active' ? 'green' : 'amber'}>{capitalize(sub.status)}</Badge>}
          </div>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {sub.cancelAtPeriodEnd ? `Active until ${date}` : `Renews on ${date}`} · {limitText(sub.plan.maxBots, sub.plan.maxBots === 1 ? 'active chatbot' : 'active chatbots')}
          </p>
          {isAdmin && <p className="mt-1 text-sm font-medium text-violet-700 dark:text-violet-300">{ADMIN_UNLIMITED_BOTS}</p>}
        </div>
        <div className="w-full md:max-w-xs">
          <div className="flex justify-between text-sm">
            <span className="text-slate-600 dark:text-slate-400">Messages this month</span>
            <span className="font-medium">
              {sub.messagesUsedThisMonth.toLocaleString('en-US')} / {max === -1 ? 'Unlimited' : max.toLocaleString('en-US')}
            </span>
          </div>
          <div className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800" role="progressbar" aria-valuenow={Math.round(percent)} aria-valuemin={0} aria-valuemax={100} aria-label="Messages used">
            <div className={percent >= 90 ? 'h-full bg-red-500' : 'h-full bg-blue-600'} style={{ width: `${percent}%` }} />
          </div>
        </div>
        {sub.cancelAtPeriodEnd ? (
          <Button onClick={() => resume.mutate(undefined)} disabled={resume.isPending}>
            Resume Subscription
          </Button>
        ) : canCancel ? (
          <Button variant="outline" onClick={() => setConfirming(true)} disabled={cancel.isPending}>
            Cancel Subscription
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title="Cancel subscription"
        description="Your plan stays active until the end of the current billing period, then your account returns to Trial."
        confirmLabel="Cancel Subscription"
        destructive
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate(undefined, { onSettled: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).replace(/_/g, ' ');
