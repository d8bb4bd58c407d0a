import { ArrowRight, MessageCircleQuestion } from 'lucide-react';
import { ButtonLink } from '../../components/Button';
import { Card } from '../../components/Card';
import { formatCount } from './analyticsFormat';

/**
 * Questions of the period still waiting in the Unanswered inbox, with the way there. The inbox
 * lists the last 90 days and Test-page chats too; the card says which of them it counts.
 */
export function UnansweredCard({ guid, count }: { guid: string; count: number }) {
  return (
    <Card className="flex flex-wrap items-center gap-4 p-5" data-testid="unanswered-card">
      <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-amber-50 text-amber-600 dark:bg-amber-500/10 dark:text-amber-400">
        <MessageCircleQuestion className="h-5 w-5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <h2 className="text-base font-semibold">Unanswered questions</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="unanswered-count">
          {count === 0
            ? 'No question from this period in the last 90 days is waiting for an answer (Test-page chats excluded).'
            : `${formatCount(count)} question${count === 1 ? '' : 's'} from this period in the last 90 days got a fallback, a thumbs-down or a hand-off and wait${count === 1 ? 's' : ''} for an answer (excluding Test-page chats).`}
        </p>
      </div>
      <ButtonLink to={`/chatbots/${guid}/unanswered`} variant="outline" size="sm">
        Open the Unanswered inbox <ArrowRight className="h-4 w-4" aria-hidden />
      </ButtonLink>
    </Card>
  );
}
