import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { EmptyCard, ErrorCard, LoadingBlock } from '../../components/QueryState';
import { UnansweredGroupCard } from './UnansweredGroupCard';
import { useUnanswered, useUnansweredActions } from './useUnanswered';

/** The inbox itself: groups of unanswered questions, largest first, one answer form open at a time. */
export function UnansweredInbox({ guid }: { guid: string }) {
  const inbox = useUnanswered(guid);
  const actions = useUnansweredActions(guid);
  const [answeringId, setAnsweringId] = useState<string | null>(null);

  if (inbox.isLoading) return <LoadingBlock label="Loading unanswered questions" />;
  if (inbox.isError || !inbox.data) {
    return <ErrorCard title="Error Loading Unanswered Questions" message="Failed to load unanswered questions. Please try again later." />;
  }

  const { groups, total, windowDays, maxQuestions, truncated } = inbox.data;
  if (groups.length === 0) {
    return (
      <EmptyCard icon={CheckCircle2} iconClassName="text-emerald-500" title="No unanswered questions" testId="unanswered-empty">
        When your bot gives its fallback answer, a visitor votes an answer not helpful, or a conversation is handed to a person, the question shows up here for you
        to answer.
      </EmptyCard>
    );
  }

  return (
    <section className="space-y-4" aria-labelledby="unanswered-list-title">
      <div>
        <h2 id="unanswered-list-title" className="text-xl font-semibold">
          Questions to answer
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400" data-testid="unanswered-summary">
          {total.toLocaleString()} question{total === 1 ? '' : 's'} in {groups.length.toLocaleString()} group{groups.length === 1 ? '' : 's'} from the last{' '}
          {windowDays} days{truncated ? ` (the ${maxQuestions.toLocaleString()} most recent)` : ''}.
        </p>
      </div>
      <ul className="space-y-3" aria-label="Unanswered questions">
        {groups.map((group) => (
          <UnansweredGroupCard
            key={group.id}
            guid={guid}
            group={group}
            answering={answeringId === group.id}
            onAnswer={() => setAnsweringId(group.id)}
            onCancel={() => setAnsweringId(null)}
            save={(qa) => actions.answer.mutateAsync({ group, qa }).then(() => setAnsweringId(null))}
            saving={actions.answer.isPending}
            onDismiss={() => actions.dismiss.mutate(group)}
            dismissing={actions.dismiss.isPending && actions.dismiss.variables?.id === group.id}
          />
        ))}
      </ul>
    </section>
  );
}
