import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Card, CardContent, CardDescription, CardTitle } from '../../components/Card';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Spinner } from '../../components/Spinner';
import { AnswerForm } from './AnswerForm';
import { useSavedAnswers, useUnansweredActions, type SavedAnswer } from './useUnanswered';

/** "Saved answers": the bot's Q&A sources, each editable (indexed again on save) and deletable. */
export function SavedAnswers({ guid }: { guid: string }) {
  const saved = useSavedAnswers(guid);
  const actions = useUnansweredActions(guid);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<SavedAnswer | null>(null);

  return (
    <Card aria-labelledby="saved-answers-title" role="region">
      <div className="space-y-1.5 p-6 pb-3">
        <CardTitle id="saved-answers-title">Saved answers</CardTitle>
        <CardDescription>Answers you wrote. Your bot prefers them for these questions; they are listed with your content sources too.</CardDescription>
      </div>
      <CardContent>
        {saved.isLoading ? (
          <div className="flex justify-center py-8">
            <Spinner label="Loading saved answers" />
          </div>
        ) : saved.isError || !saved.data ? (
          <p role="alert" className="py-8 text-center text-sm text-red-600 dark:text-red-400">
            Failed to load saved answers
          </p>
        ) : saved.data.length === 0 ? (
          <p className="py-8 text-center text-sm text-slate-500 dark:text-slate-400">No saved answers yet</p>
        ) : (
          <ul className="space-y-3" aria-label="Saved answers">
            {saved.data.map((qa) => (
              <li key={qa.id} data-testid="saved-answer" className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
                {editingId === qa.id ? (
                  <AnswerForm
                    initial={qa}
                    save={(values) => actions.update.mutateAsync({ id: qa.id, qa: values }).then(() => setEditingId(null))}
                    onCancel={() => setEditingId(null)}
                    busy={actions.update.isPending}
                    label={`Edit answer to ${qa.question}`}
                  />
                ) : (
                  <div className="flex flex-wrap items-start gap-3">
                    <div className="min-w-0 flex-1">
                      <div className="flex flex-wrap items-center gap-2">
                        <p className="font-medium break-words">{qa.question}</p>
                        {qa.status !== 'completed' && (
                          <Badge tone={qa.status === 'error' ? 'red' : 'amber'} className="capitalize">
                            {qa.status}
                          </Badge>
                        )}
                      </div>
                      {qa.variants.length > 0 && (
                        <p className="mt-1 text-xs break-words text-slate-500 dark:text-slate-400">Also: {qa.variants.map((v) => `“${v}”`).join(', ')}</p>
                      )}
                      <p className="mt-2 text-sm break-words whitespace-pre-wrap text-slate-700 dark:text-slate-300" data-testid="saved-answer-text">
                        {qa.answer}
                      </p>
                    </div>
                    <div className="flex shrink-0 gap-1">
                      <Button variant="ghost" size="sm" aria-label={`Edit answer to ${qa.question}`} title="Edit" onClick={() => setEditingId(qa.id)}>
                        <Pencil className="h-4 w-4" aria-hidden />
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Delete answer to ${qa.question}`}
                        title="Delete"
                        className="text-red-600 dark:text-red-400"
                        onClick={() => setDeleting(qa)}
                      >
                        <Trash2 className="h-4 w-4" aria-hidden />
                      </Button>
                    </div>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Answer"
        description="Your bot will stop using this answer. The questions it answered go back to the Unanswered inbox."
        confirmLabel="Delete"
        destructive
        busy={actions.remove.isPending}
        onConfirm={() => deleting && actions.remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
        onCancel={() => setDeleting(null)}
      />
    </Card>
  );
}
