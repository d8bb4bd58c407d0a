import { formatUsageReset } from '@parley/contracts';
import { useState } from 'react';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { CurrentSubscription } from '../../lib/api';
import { useIsAdmin } from '../auth/useAuth';
import { computeMessageLimit, usageResetDate } from '../dashboard/messageLimit';
import { ADMIN_UNLIMITED_BOTS, isFreePlan, limitText, planLabel } from '../pricing/plans';
import { useSubscriptionAction } from './subscriptionActions';

/**
 * Status badge, message usage, bot limit, renewal or active-until date, cancel or resume. Trial
 * has no renewal (nothing is billed): it shows when the message count starts over instead.
 */
export function CurrentPlanCard({ subscription: sub }: { subscription: CurrentSubscription }) {
  const cancel = useSubscriptionAction('cancel');
  const resume = useSubscriptionAction('resume');
  const [confirming, setConfirming] = useState(false);
  const isAdmin = useIsAdmin();
  // The same figures and rule as the dashboard's monthly meter.
  const usage = computeMessageLimit({ used: sub.messagesUsedThisMonth, maxMessagesPerMonth: sub.plan.maxMessagesPerMonth });
  const free = isFreePlan(sub.plan);
  const periodEnd = formatUsageReset(new Date(sub.currentPeriodEnd));
  const canCancel = sub.status === 'active' && !free && !sub.cancelAtPeriodEnd;
  const when = free ? `Messages reset on ${usageResetDate(sub)}` : sub.cancelAtPeriodEnd ? `Active until ${periodEnd}` : `Renews on ${periodEnd}`;

  return (
    <Card className="p-6" data-testid="current-plan">
      <div className="flex flex-col gap-6 md:flex-row md:items-center md:justify-between">
        <div>
          <div className="flex items-center gap-3">
            <h2 className="text-xl font-semibold">Current plan: {planLabel(sub.plan)}</h2>
            {sub.cancelAtPeriodEnd ? <Badge tone="red">Canceled</Badge> : <Badge tone={sub.status === 'active' ? 'green' : 'amber'}>{capitalize(sub.status)}</Badge>}
          </div>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {when} · {limitText(sub.plan.maxBots, sub.plan.maxBots === 1 ? 'active chatbot' : 'active chatbots')}
          </p>
          {isAdmin && (
            <p className="mt-1 text-sm font-medium text-violet-700 dark:text-violet-300" title="Administrators are exempt from the plan's active-chatbot cap; the message limit still applies.">
              {ADMIN_UNLIMITED_BOTS}
            </p>
          )}
        </div>
        <div className="w-full md:max-w-xs">
          <div className="flex justify-between text-sm">
            <span className="text-slate-600 dark:text-slate-400">Messages this month</span>
            <span className="font-medium" data-testid="plan-message-usage">
              {usage.used.toLocaleString('en-US')} / {usage.limit === null ? 'Unlimited' : usage.limit.toLocaleString('en-US')}
            </span>
          </div>
          <div className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800" role="progressbar" aria-valuenow={Math.round(usage.percent)} aria-valuemin={0} aria-valuemax={100} aria-label="Messages used">
            <div className={usage.level === 'reached' ? 'h-full bg-red-500' : usage.level === 'approaching' ? 'h-full bg-amber-500' : 'h-full bg-blue-600'} style={{ width: `${usage.percent}%` }} />
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
        description={`Your ${planLabel(sub.plan)} plan stays active until ${periodEnd}, then your account returns to Trial. You can resume before then.`}
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
