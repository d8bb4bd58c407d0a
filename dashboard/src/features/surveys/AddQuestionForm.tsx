import { questionTypes, SURVEY_LIMITS, type QuestionType } from '@parley/contracts';
import { Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { CheckboxField } from '../../components/CheckboxField';
import { SelectField, TextField } from '../../components/Field';
import { QUESTION_TYPE_LABELS } from './surveyLabels';

export type NewQuestion = { text: string; type: QuestionType; required: boolean };

type Props = {
  onAdd: (question: NewQuestion) => void;
  /** Why a question cannot be added now (shown under the button, which is then disabled). */
  blockedReason?: string;
};

const EMPTY: NewQuestion = { text: '', type: 'single_choice', required: true };

/**
 * The Add Question form: the question's words, its type and whether it must be answered. The
 * button waits for some text; after adding, the form starts over.
 */
export function AddQuestionForm({ onAdd, blockedReason }: Props) {
  const [draft, setDraft] = useState<NewQuestion>(EMPTY);
  const blockedId = useId();
  const canAdd = draft.text.trim() !== '' && !blockedReason;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!canAdd) return;
    onAdd({ ...draft, text: draft.text.trim() });
    setDraft(EMPTY);
  };
  return (
    <Card className="p-4 sm:p-6">
      <form onSubmit={submit} aria-label="Add a question" className="space-y-4">
        <h2 className="text-base font-semibold">Add Question</h2>
        <TextField
          label="Question text"
          value={draft.text}
          maxLength={SURVEY_LIMITS.textLength}
          placeholder="e.g. How satisfied are you with our support?"
          data-focus="add"
          onChange={(e) => setDraft({ ...draft, text: e.target.value })}
        />
        <div className="grid gap-4 sm:grid-cols-2 sm:items-end">
          <SelectField label="Question type" value={draft.type} onChange={(e) => setDraft({ ...draft, type: e.target.value as QuestionType })}>
            {questionTypes.map((type) => (
              <option key={type} value={type}>
                {QUESTION_TYPE_LABELS[type]}
              </option>
            ))}
          </SelectField>
          <div className="sm:pb-2.5">
            <CheckboxField label="Required" checked={draft.required} onChange={(e) => setDraft({ ...draft, required: e.target.checked })} />
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={!canAdd} aria-describedby={blockedReason ? blockedId : undefined}>
            <Plus className="h-4 w-4" aria-hidden /> Add Question
          </Button>
          {blockedReason && (
            <p id={blockedId} className="text-sm text-slate-500 dark:text-slate-400">
              {blockedReason}
            </p>
          )}
        </div>
      </form>
    </Card>
  );
}
