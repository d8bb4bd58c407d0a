import { isChoiceQuestion, SURVEY_LIMITS, withQuestionType, type SurveyQuestion } from '@parley/contracts';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { AddQuestionForm, type NewQuestion } from './AddQuestionForm';
import { QuestionCard } from './QuestionCard';
import { QuestionEditor } from './QuestionEditor';
import { nextQuestionId } from './questionIds';

type Props = { questions: SurveyQuestion[]; onChange: (next: SurveyQuestion[]) => void; disabled?: boolean };

/** Where the keyboard focus goes once the list has re-rendered: a `data-focus` key. */
type FocusKey = string;

/**
 * The Questions tab: a controlled editor of the survey's questions, asked in this order. Each
 * question is shown or, one at a time, in edit mode; every change hands the whole new list to
 * `onChange`. `disabled` greys out every control.
 */
export function QuestionsTab({ questions, onChange, disabled }: Props) {
  const [editing, setEditing] = useState<{ id: string; focus: 'text' | 'options'; opened: SurveyQuestion } | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const [focusKey, setFocusKey] = useState<FocusKey | null>(null);
  const listRef = useRef<HTMLFieldSetElement>(null);
  // The editor belongs to the question as it was opened: once that question is replaced from
  // outside (another survey selected, the assistant's config applied) or removed, it closes.
  const editingId = editing && sameQuestion(questions.find((q) => q.id === editing.id), editing.opened) ? editing.id : null;
  useEffect(() => {
    if (editing && !editingId) setEditing(null);
  }, [editing, editingId]);
  const deleting = questions.findIndex((q) => q.id === deletingId);

  // Moving, closing the editor or deleting re-renders the list; the focus follows the question
  // so a keyboard user keeps their place.
  useEffect(() => {
    if (!focusKey) return;
    const target = [...(listRef.current?.querySelectorAll<HTMLElement>('[data-focus]') ?? [])].find((el) => el.dataset.focus === focusKey);
    target?.focus();
    setFocusKey(null);
  }, [focusKey]);

  const add = (draft: NewQuestion) => {
    const question = withQuestionType({ id: nextQuestionId(questions), text: draft.text, type: draft.type, required: draft.required }, draft.type);
    onChange([...questions, question]);
    // A new choice question has placeholder options: open it so the owner names them right away.
    if (isChoiceQuestion(question.type)) setEditing({ id: question.id, focus: 'options', opened: question });
    else setFocusKey('add');
  };

  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    if (to < 0 || to >= questions.length) return;
    const next = [...questions];
    [next[index], next[to]] = [next[to], next[index]];
    onChange(next);
    const { id } = questions[index];
    // At either end the button pressed turns disabled, so the focus moves to the other one.
    const up = by < 0 ? to > 0 : to === questions.length - 1;
    setFocusKey(`${id}:${up ? 'up' : 'down'}`);
  };

  const save = (question: SurveyQuestion) => {
    onChange(questions.map((q) => (q.id === question.id ? question : q)));
    closeEditor(question.id);
  };

  const closeEditor = (id: string) => {
    setEditing(null);
    setFocusKey(`${id}:edit`);
  };

  const remove = () => {
    if (deleting < 0) return;
    const next = questions.filter((_, i) => i !== deleting);
    onChange(next);
    setDeletingId(null);
    const neighbour = next[deleting] ?? next[deleting - 1];
    setFocusKey(neighbour ? `${neighbour.id}:edit` : 'add');
  };

  const full = questions.length >= SURVEY_LIMITS.questions;
  return (
    <>
      <fieldset ref={listRef} disabled={disabled} className="min-w-0 space-y-4">
        <legend className="sr-only">Questions</legend>
        {questions.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
            No questions yet. Add the first one below.
          </p>
        ) : (
          <>
            <p className="text-sm text-slate-500 dark:text-slate-400">
              {questions.length === 1 ? '1 question' : `${questions.length} questions`}, asked in this order.
            </p>
            <ol aria-label="Questions" className="space-y-3">
              {questions.map((question, index) => (
                <li key={question.id}>
                  {question.id === editingId ? (
                    <QuestionEditor
                      question={question}
                      index={index}
                      initialFocus={editing?.focus}
                      onSave={save}
                      onCancel={() => closeEditor(question.id)}
                    />
                  ) : (
                    <QuestionCard
                      question={question}
                      index={index}
                      count={questions.length}
                      editBlocked={editingId !== null}
                      onEdit={() => setEditing({ id: question.id, focus: 'text', opened: question })}
                      onMove={(by) => move(index, by)}
                      onDelete={() => setDeletingId(question.id)}
                    />
                  )}
                </li>
              ))}
            </ol>
          </>
        )}
        <AddQuestionForm
          onAdd={add}
          blockedReason={
            editingId !== null
              ? 'Save or cancel the question you are editing first.'
              : full
                ? `A survey has at most ${SURVEY_LIMITS.questions} questions.`
                : undefined
          }
        />
      </fieldset>
      <ConfirmDialog
        open={deleting >= 0}
        title={`Delete question ${deleting + 1}?`}
        description={deleting >= 0 ? `"${questions[deleting].text}" will be removed from this survey.` : ''}
        confirmLabel="Delete"
        destructive
        onConfirm={remove}
        onCancel={() => {
          const id = deletingId;
          setDeletingId(null);
          if (id) setFocusKey(`${id}:delete`);
        }}
      />
    </>
  );
}

function sameQuestion(a: SurveyQuestion | undefined, b: SurveyQuestion): boolean {
  return a !== undefined && (a === b || JSON.stringify(a) === JSON.stringify(b));
}
