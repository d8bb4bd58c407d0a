import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../components/Badge';
import type { Plan } from '../../lib/api';
import { cn } from '../../lib/cn';
import { formatPrice, isMostPopular, limitText, planLabel } from './plans';

/** One column of the 4-column plan grid (pricing page and subscription page). */
export function PlanCard({ plan, action, current }: { plan: Plan; action?: ReactNode; current?: boolean }) {
  const popular = isMostPopular(plan);
  return (
    <div
      data-testid={`plan-${plan.id}`}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm dark:bg-slate-900',
        popular ? 'border-blue-600 ring-2 ring-blue-600 dark:border-blue-500 dark:ring-blue-500' : 'border-slate-200 dark:border-slate-800',
      )}
    >
      {popular && (
        <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-blue-600 px-3 py-1 text-xs font-semibold text-white shadow">Most Popular</span>
      )}
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-lg font-semibold">{planLabel(plan)}</h3>
        {current && <Badge tone="blue">Current</Badge>}
      </div>
      <p className="mt-2 min-h-[3rem] text-sm text-slate-600 dark:text-slate-400">{plan.description}</p>
      <p className="mt-5 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight">{formatPrice(plan.price, plan.currency)}</span>
        <span className="text-sm text-slate-500 dark:text-slate-400">/month</span>
      </p>
      <ul className="mt-6 flex-1 space-y-3 text-sm">
        {[limitText(plan.maxBots, plan.maxBots === 1 ? 'chatbot' : 'chatbots'), `${limitText(plan.maxMessagesPerMonth, 'messages')} per month`].map((line) => (
          <li key={line} className="flex gap-2 font-medium">
            <Check className="h-5 w-5 shrink-0 text-blue-600 dark:text-blue-400" aria-hidden /> {line}
          </li>
        ))}
        {plan.features
          .filter((f) => !/chatbot|messages/i.test(f))
          .map((feature) => (
            <li key={feature} className="flex gap-2 text-slate-700 dark:text-slate-300">
              <Check className="h-5 w-5 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden /> {feature}
            </li>
          ))}
      </ul>
      {action && <div className="mt-8">{action}</div>}
    </div>
  );
}
