import { CheckCircle2, Circle, X } from 'lucide-react';
import { useState } from 'react';
import { ButtonLink } from '../../components/Button';
import { Card } from '../../components/Card';
import { cn } from '../../lib/cn';
import { botNeedingSteps, dismissSteps, nextStepsOf, type ListedChatbot } from './nextSteps';

/**
 * "Next steps for {name}": add data → test → embed for the newest bot not yet set up, until its
 * three steps are done or the owner dismisses the card.
 */
export function NextStepsCard({ bots }: { bots: ListedChatbot[] }) {
  const [, setDismissed] = useState(0);
  const bot = botNeedingSteps(bots);
  if (!bot) return null;
  const steps = nextStepsOf(bot);
  const done = steps.filter((s) => s.done).length;
  return (
    <Card className="p-5 sm:p-6" data-testid="next-steps">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold break-words">Next steps for {bot.name}</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {done} of {steps.length} done
          </p>
        </div>
        <button
          type="button"
          aria-label="Dismiss next steps"
          onClick={() => {
            dismissSteps(bot.guid);
            setDismissed((n) => n + 1);
          }}
          className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
        >
          <X className="h-5 w-5" aria-hidden />
        </button>
      </div>
      <ol className="mt-4 grid gap-3 md:grid-cols-3">
        {steps.map((step, i) => (
          <li
            key={step.key}
            data-testid={`step-${step.key}`}
            data-done={step.done}
            className={cn(
              'flex flex-col rounded-lg border p-4',
              step.done ? 'border-emerald-200 bg-emerald-50/60 dark:border-emerald-900 dark:bg-emerald-500/5' : 'border-slate-200 dark:border-slate-800',
            )}
          >
            <div className="flex items-center gap-2">
              {step.done ? (
                <CheckCircle2 className="h-5 w-5 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden />
              ) : (
                <Circle className="h-5 w-5 shrink-0 text-slate-400" aria-hidden />
              )}
              <h3 className="font-medium">
                {i + 1}. {step.label}
                {step.done && <span className="sr-only"> (done)</span>}
              </h3>
            </div>
            <p className="mt-1 flex-1 text-sm text-slate-600 dark:text-slate-400">{step.text}</p>
            <ButtonLink to={`/chatbots/${bot.guid}/${step.key}`} variant={step.done ? 'outline' : 'primary'} size="sm" className="mt-3 self-start">
              {step.label}
            </ButtonLink>
          </li>
        ))}
      </ol>
    </Card>
  );
}
