import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageSpinner } from '../../components/Spinner';
import type { Plan } from '../../lib/api';
import { usePageMeta } from '../../lib/usePageMeta';
import { useCurrentSubscription } from '../dashboard/useDashboardData';
import { PlanCard } from '../pricing/PlanCard';
import { formatPrice, isFreePlan, planLabel, usePlans } from '../pricing/plans';
import { PublicChatWidget } from '../widget/PublicChatWidget';
import { CurrentPlanCard } from './CurrentPlanCard';
import { useSubscriptionAction } from './subscriptionActions';

/** /subscription: "Choose Your Plan", the current plan and the 4-column plan grid. */
export function SubscriptionPage() {
  usePageMeta({ title: 'Choose Your Plan - Parley' });
  const current = useCurrentSubscription();
  const plans = usePlans();
  const checkout = useSubscriptionAction('checkout');
  const modify = useSubscriptionAction('modify');
  const [pending, setPending] = useState<{ plan: Plan; upgrade: boolean } | null>(null);

  if (current.isLoading || plans.isLoading) return <PageSpinner />;
  const sub = current.data;
  const currentPlan = sub?.plan;
  const onActivePaidPlan = !!currentPlan && sub?.status === 'active' && !isFreePlan(currentPlan);

  function choose(plan: Plan) {
    if (onActivePaidPlan && currentPlan) setPending({ plan, upgrade: plan.price > currentPlan.price });
    else checkout.mutate(plan.id);
  }

  return (
    <div className="mx-auto max-w-7xl space-y-10 px-4 py-10 sm:px-6 lg:px-8">
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Choose Your Plan</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-400">Upgrade for more chatbots and messages.</p>
      </div>
      <p role="note" className="mx-auto max-w-2xl rounded-lg border border-amber-200 bg-amber-50 p-4 text-center text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100">
        Online checkout is not available on this server yet. To change your plan,{' '}
        <Link to="/contact" className="font-medium underline">
          contact us
        </Link>
        .
      </p>
      {sub && <CurrentPlanCard subscription={sub} />}
      <div className="grid gap-6 pt-3 md:grid-cols-2 lg:grid-cols-4">
        {(plans.data ?? []).map((plan) => {
          const isCurrent = plan.id === currentPlan?.id;
          let action: React.ReactNode = null;
          if (isCurrent) action = <Button variant="secondary" className="w-full" disabled>Current Plan</Button>;
          else if (!isFreePlan(plan)) {
            const label = onActivePaidPlan && currentPlan ? (plan.price > currentPlan.price ? 'Upgrade' : 'Downgrade') : 'Subscribe Now';
            action = (
              <Button variant={plan.name === 'Premium' ? 'primary' : 'outline'} className="w-full" disabled={checkout.isPending || modify.isPending} onClick={() => choose(plan)}>
                {label}
              </Button>
            );
          }
          return <PlanCard key={plan.id} plan={plan} current={isCurrent} action={action} />;
        })}
      </div>
      <p className="text-center text-sm text-slate-500 dark:text-slate-400">Cancel anytime. No hidden fees.</p>
      <ConfirmDialog
        open={pending !== null}
        title={pending?.upgrade ? 'Upgrade plan' : 'Downgrade plan'}
        description={
          pending
            ? `Switch to ${planLabel(pending.plan)} for ${formatPrice(pending.plan.price, pending.plan.currency)}/month?`
            : ''
        }
        confirmLabel={pending?.upgrade ? 'Upgrade' : 'Downgrade'}
        busy={modify.isPending}
        onConfirm={() => {
          if (pending) modify.mutate(pending.plan.id, { onSettled: () => setPending(null) });
        }}
        onCancel={() => setPending(null)}
      />
      <PublicChatWidget />
    </div>
  );
}
