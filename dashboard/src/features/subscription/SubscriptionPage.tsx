import { planChoice, type PlanChoice } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageSpinner } from '../../components/Spinner';
import type { CurrentSubscription, Plan } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';
import { usePageMeta } from '../../lib/usePageMeta';
import { useCurrentSubscription } from '../dashboard/useDashboardData';
import { PlanCard } from '../pricing/PlanCard';
import { formatPrice, planLabel, usePlans } from '../pricing/plans';
import { toast } from '../toast/toastStore';
import { PublicChatWidget } from '../widget/PublicChatWidget';
import { CurrentPlanCard } from './CurrentPlanCard';
import { useSubscriptionAction } from './subscriptionActions';

const BUTTON_LABEL: Record<Exclude<PlanChoice, 'none'>, string> = {
  current: 'Current Plan',
  checkout: 'Subscribe Now',
  upgrade: 'Upgrade',
  downgrade: 'Downgrade',
};

/** /subscription: "Choose Your Plan", the current plan and the 4-column plan grid. */
export function SubscriptionPage() {
  usePageMeta({ title: 'Choose Your Plan - Parley' });
  const current = useCurrentSubscription();
  const plans = usePlans();
  const checkout = useSubscriptionAction('checkout');
  const modify = useSubscriptionAction('modify');
  const [pending, setPending] = useState<{ plan: Plan; choice: 'upgrade' | 'downgrade' } | null>(null);
  useCheckoutReturn();

  if (current.isLoading || plans.isLoading) return <PageSpinner />;
  const sub = current.data;
  const choiceFor = (plan: Plan): PlanChoice =>
    sub ? planChoice({ planId: sub.plan.id, price: sub.plan.price, status: sub.status }, plan) : 'checkout';

  function choose(plan: Plan) {
    const choice = choiceFor(plan);
    if (choice === 'upgrade' || choice === 'downgrade') setPending({ plan, choice });
    else if (choice === 'checkout') checkout.mutate(plan.id);
  }

  return (
    <div className="mx-auto max-w-7xl space-y-10 px-4 py-10 sm:px-6 lg:px-8">
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Choose Your Plan</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-400">Upgrade for more chatbots and messages.</p>
      </div>
      {sub && <BillingNote provider={sub.billingProvider} />}
      {sub && <CurrentPlanCard subscription={sub} />}
      <div className="grid gap-6 pt-3 md:grid-cols-2 lg:grid-cols-4">
        {(plans.data ?? []).map((plan) => {
          const choice = choiceFor(plan);
          const action =
            choice === 'none' ? null : (
              <Button
                variant={choice === 'current' ? 'secondary' : plan.name === 'Premium' ? 'primary' : 'outline'}
                className="w-full"
                disabled={choice === 'current' || checkout.isPending || modify.isPending}
                onClick={() => choose(plan)}
              >
                {BUTTON_LABEL[choice]}
              </Button>
            );
          return <PlanCard key={plan.id} plan={plan} current={plan.id === sub?.plan.id} action={action} />;
        })}
      </div>
      <p className="text-center text-sm text-slate-500 dark:text-slate-400">Cancel anytime. No hidden fees.</p>
      <ConfirmDialog
        open={pending !== null}
        title={pending?.choice === 'upgrade' ? 'Upgrade plan' : 'Downgrade plan'}
        description={pending && sub ? confirmText(pending.plan, pending.choice, sub) : ''}
        confirmLabel={pending?.choice === 'upgrade' ? 'Upgrade' : 'Downgrade'}
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

function confirmText(plan: Plan, choice: 'upgrade' | 'downgrade', sub: CurrentSubscription): string {
  const price = `${formatPrice(plan.price, plan.currency)}/month`;
  const billing =
    sub.billingProvider === 'stripe'
      ? 'The change applies now and the difference is prorated on your next invoice.'
      : 'The change applies now. No payment is taken on this install.';
  const fewer = choice === 'downgrade' ? ' Chatbots already active stay active, but you cannot activate more than the plan allows.' : '';
  return `Switch from ${planLabel(sub.plan)} to ${planLabel(plan)} for ${price}? ${billing}${fewer}`;
}

/** Says plainly who takes payment: nobody on a local install, Stripe otherwise. */
function BillingNote({ provider }: { provider: 'local' | 'stripe' }) {
  return (
    <p
      role="note"
      className="mx-auto max-w-2xl rounded-lg border border-slate-200 bg-slate-50 p-4 text-center text-sm text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300"
    >
      {provider === 'local'
        ? 'No payment is taken on this install: plan changes apply at once, free of charge.'
        : 'Payments are handled by Stripe. Upgrades and downgrades are prorated; a cancellation takes effect at the end of the billing period.'}
    </p>
  );
}

/**
 * Back from checkout (`?checkout=success|canceled|expired`): one toast, then a clean URL. Stripe's
 * webhook may land a moment after the browser, so the plan is read again a few times.
 */
function useCheckoutReturn() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const outcome = params.get('checkout');
  const plan = params.get('plan');
  useEffect(() => {
    if (!outcome) return;
    if (outcome === 'success') toast({ variant: 'success', title: 'Success', description: plan ? `You are now on the ${plan} plan.` : 'Thank you! Your plan is being activated.' });
    else if (outcome === 'canceled') toast({ title: 'Checkout canceled', description: 'Your plan has not changed.' });
    else toast({ variant: 'destructive', title: 'Error', description: 'This checkout link has expired or was already used. Please choose your plan again.' });
    setParams({}, { replace: true });
    if (outcome !== 'success') return;
    const timers = [2_000, 5_000, 10_000].map((ms) => setTimeout(() => queryClient.invalidateQueries({ queryKey: queryKeys.subscription.current }), ms));
    return () => timers.forEach(clearTimeout);
  }, [outcome, plan, setParams, queryClient]);
}
