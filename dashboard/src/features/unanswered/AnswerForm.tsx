import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Save, X } from 'lucide-react';
import { useId } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { QA_LIMITS, type QaInput } from '@parley/contracts';
import { Button } from '../../components/Button';
import { TextAreaField, TextField } from '../../components/Field';
import { Input } from '../../components/Input';
import { showServerFieldErrors } from '../../lib/formRules';
import { answerFormSchema, answerFormValues, answerPayload, type AnswerFormValues } from './answerFormSchema';

type Props = {
  /** What the form starts with: the group's question and other wordings, or a saved answer. */
  initial: QaInput;
  /** Sends the answer; a rejection keeps the form open with the server's field errors under the fields. */
  save: (qa: QaInput) => Promise<unknown>;
  onCancel: () => void;
  busy: boolean;
  /** Names the form for screen readers. */
  label: string;
};

/**
 * The Q&A form: the question, the other wordings visitors use (each editable, removable, more
 * can be added) and the answer, which gets the focus. Errors show after the first submit and
 * then follow the typing.
 */
export function AnswerForm({ initial, save, onCancel, busy, label }: Props) {
  const form = useForm<AnswerFormValues>({ defaultValues: answerFormValues(initial), resolver: zodResolver(answerFormSchema, undefined, { raw: true }) });
  const variants = useFieldArray({ control: form.control, name: 'variants' });
  const { errors } = form.formState;
  const wordingsId = useId();
  const submit = form.handleSubmit(async (values) => {
    try {
      await save(answerPayload(values));
    } catch (error) {
      showServerFieldErrors(form, error);
    }
  });
  const variantsError = errors.variants?.root?.message ?? errors.variants?.message;

  return (
    <form onSubmit={submit} noValidate aria-label={label} className="space-y-4" data-testid="answer-form">
      <TextField
        label="Question"
        hint="Your bot matches what visitors ask against this question and the other wordings. Visitors only ever see the answer."
        {...form.register('question')}
        error={errors.question?.message}
      />
      <fieldset className="space-y-2" aria-describedby={`${wordingsId}-hint`}>
        <legend className="text-sm font-medium text-slate-700 dark:text-slate-300">Other wordings</legend>
        <p id={`${wordingsId}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
          Other ways visitors ask this question. They help the bot recognise it.
        </p>
        {variants.fields.map((field, i) => {
          const error = errors.variants?.[i]?.text?.message;
          return (
            <div key={field.id}>
              <div className="flex items-center gap-2">
                <Input
                  aria-label={`Other wording ${i + 1}`}
                  invalid={!!error}
                  className="min-w-0 flex-1"
                  {...form.register(`variants.${i}.text`)}
                />
                <Button variant="ghost" size="sm" aria-label={`Remove wording ${i + 1}`} onClick={() => variants.remove(i)}>
                  <X className="h-4 w-4" aria-hidden />
                </Button>
              </div>
              {error && (
                <p role="alert" className="mt-1 text-sm text-red-600 dark:text-red-400">
                  {error}
                </p>
              )}
            </div>
          );
        })}
        {variantsError && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {variantsError}
          </p>
        )}
        {variants.fields.length < QA_LIMITS.variants && (
          <Button variant="outline" size="sm" onClick={() => variants.append({ text: '' })}>
            <Plus className="h-4 w-4" aria-hidden /> Add a wording
          </Button>
        )}
      </fieldset>
      <TextAreaField
        label="Answer"
        rows={5}
        // The form opens on the owner's click: the answer is what they came to write.
        autoFocus
        placeholder="What your bot should answer, in your own words"
        {...form.register('answer')}
        error={errors.answer?.message}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          <Save className="h-4 w-4" aria-hidden /> {busy ? 'Saving...' : 'Save answer'}
        </Button>
      </div>
    </form>
  );
}
