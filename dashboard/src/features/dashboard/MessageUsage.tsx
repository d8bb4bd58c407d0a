import { MessagesSquare } from 'lucide-react';
import { Card } from '../../components/Card';
import type { CurrentSubscription } from '../../lib/api';
import { cn } from '../../lib/cn';
import { planLabel } from '../pricing/plans';
import { LimitBanner } from './LimitBanner';
import { computeMessageLimit, usageResetDate, type MessageLimit } from './messageLimit';

const count = (n: number) => n.toLocaleString('en-US');

/** The monthly message meter, with an amber banner from 80 % of the plan's limit and a red one at it. */
export function MessageUsage({ subscription }: { subscription: CurrentSubscription | undefined }) {
  if (!subscription) return null;
  const usage = computeMessageLimit({ used: subscription.messagesUsedThisMonth, maxMessagesPerMonth: subscription.plan.maxMessagesPerMonth });
  const planName = planLabel(subscription.plan);
  const resets = usageResetDate(subscription);
  return (
    <>
      <MessageLimitBanner usage={usage} planName={planName} resets={resets} />
      <Card className="p-5" data-testid="message-usage">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="flex items-center gap-2 text-sm font-medium">
            <MessagesSquare className="h-4 w-4 text-blue-600 dark:text-blue-400" aria-hidden />
            <span data-testid="message-usage-text">
              Monthly messages: {count(usage.used)} of {usage.limit === null ? 'Unlimited' : count(usage.limit)}
            </span>
          </p>
          <p className="text-xs text-slate-500 dark:text-slate-400">Resets on {resets}</p>
        </div>
        {usage.limit !== null && (
          <div
            role="progressbar"
            aria-label="Monthly messages used"
            aria-valuemin={0}
            aria-valuemax={usage.limit}
            aria-valuenow={Math.min(usage.used, usage.limit)}
            className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
          >
            <div
              className={cn(
                'h-full rounded-full',
                usage.level === 'reached' ? 'bg-red-600 dark:bg-red-500' : usage.level === 'approaching' ? 'bg-amber-500' : 'bg-blue-600 dark:bg-blue-500',
              )}
              style={{ width: `${usage.percent}%` }}
            />
          </div>
        )}
      </Card>
    </>
  );
}

function MessageLimitBanner({ usage, planName, resets }: { usage: MessageLimit; planName: string; resets: string }) {
  if (usage.level === 'ok' || usage.limit === null) return null;
  const reached = usage.level === 'reached';
  return (
    <LimitBanner
      reached={reached}
      title={reached ? 'Monthly Message Limit Reached' : 'Approaching Monthly Message Limit'}
      data-testid="message-limit-banner"
    >
      {reached
        ? `Your chatbots have used all ${count(usage.limit)} messages of the ${planName} plan this month. Until the count resets on ${resets}, they show visitors a contact form instead of answering; what visitors send arrives in your Leads inbox.`
        : `Your chatbots have used ${count(usage.used)} of ${count(usage.limit)} messages this month on the ${planName} plan. At the limit they stop answering and show visitors a contact form until the count resets on ${resets}.`}
    </LimitBanner>
  );
}
