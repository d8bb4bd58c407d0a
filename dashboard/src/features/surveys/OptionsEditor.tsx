import { MIN_CHOICE_OPTIONS, SURVEY_LIMITS, type QuestionOption } from '@parley/contracts';
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Button } from '../../components/Button';
import { Input } from '../../components/Input';
import type { QuestionFormValues } from './questionFormSchema';
import { nextOptionId } from './questionIds';

type Props = {
  /** The field array's rows (their `id` is react-hook-form's key, not the option's). */
  fields: { id: string }[];
  register: UseFormRegister<QuestionFormValues>;
  errors: FieldErrors<QuestionFormValues>;
  onAdd: (option: QuestionOption) => void;
  onRemove: (index: number) => void;
  /** The options as typed now, to pick an id none of them has. */
  getOptions: () => QuestionOption[];
};

/**
 * A choice question's options: each one's words, Add option up to the limit, and Delete option
 * while more than the minimum remain (a choice with fewer would leave the visitor no choice).
 */
export function OptionsEditor({ fields, register, errors, onAdd, onRemove, getOptions }: Props) {
  const hintId = useId();
  const listError = errors.options?.root?.message ?? errors.options?.message;
  const canDelete = fields.length > MIN_CHOICE_OPTIONS;
  return (
    <fieldset className="min-w-0 space-y-2" aria-describedby={hintId}>
      <legend className="text-sm font-medium text-slate-700 dark:text-slate-300">Options</legend>
      <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
        A choice question keeps at least {MIN_CHOICE_OPTIONS} options and has at most {SURVEY_LIMITS.options}.
      </p>
      <ol className="space-y-2">
        {fields.map((field, i) => {
          const error = errors.options?.[i]?.text?.message;
          const errorId = `${hintId}-${i}`;
          return (
            <li key={field.id}>
              <div className="flex items-center gap-2">
                <Input
                  aria-label={`Option ${i + 1}`}
                  invalid={!!error}
                  aria-describedby={error ? errorId : undefined}
                  maxLength={200}
                  className="min-w-0 flex-1"
                  {...register(`options.${i}.text`)}
                />
                <Button
                  variant="ghost"
                  size="sm"
                  className="w-8 shrink-0 px-0"
                  aria-label={`Delete option ${i + 1}`}
                  disabled={!canDelete}
                  onClick={() => onRemove(i)}
                >
                  <Trash2 className="h-4 w-4" aria-hidden />
                </Button>
              </div>
              {error && (
                <p id={errorId} role="alert" className="mt-1 text-sm text-red-600 dark:text-red-400">
                  {error}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      {listError && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {listError}
        </p>
      )}
      <Button variant="outline" size="sm" disabled={fields.length >= SURVEY_LIMITS.options} onClick={() => onAdd({ id: nextOptionId(getOptions()), text: '' })}>
        <Plus className="h-4 w-4" aria-hidden /> Add option
      </Button>
    </fieldset>
  );
}
