import { zodResolver } from '@hookform/resolvers/zod';
import { isChoiceQuestion, questionTypes, SURVEY_LIMITS, withQuestionType, type QuestionType, type SurveyQuestion } from '@parley/contracts';
import { Save } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { CheckboxField } from '../../components/CheckboxField';
import { SelectField, TextField } from '../../components/Field';
import { OptionsEditor } from './OptionsEditor';
import { questionFormSchema, questionFormValues, questionOf, type QuestionFormValues } from './questionFormSchema';
import { RatingFields } from './RatingFields';
import { SelectionLimitsFields } from './SelectionLimitsFields';
import { QUESTION_TYPE_LABELS } from './surveyLabels';

type Props = {
  question: SurveyQuestion;
  /** 0-based position, for the form's name. */
  index: number;
  onSave: (question: SurveyQuestion) => void;
  onCancel: () => void;
  /** Where the cursor starts: a new choice question's options are what is left to write. */
  initialFocus?: 'text' | 'options';
};

/**
 * One question in edit mode. Changes stay in the form until Save Changes, which checks the
 * question with the server's rules and shows the problems under their fields; Cancel leaves
 * the question as it was.
 */
export function QuestionEditor({ question, index, onSave, onCancel, initialFocus = 'text' }: Props) {
  const schema = useMemo(() => questionFormSchema(question), [question]);
  const form = useForm<QuestionFormValues, unknown, SurveyQuestion>({ defaultValues: questionFormValues(question), resolver: zodResolver(schema) });
  const options = useFieldArray({ control: form.control, name: 'options' });
  const { errors } = form.formState;
  const type = form.watch('type');
  const { setFocus } = form;

  useEffect(() => {
    setFocus(initialFocus === 'options' ? 'options.0.text' : 'text', { shouldSelect: initialFocus === 'options' });
  }, [setFocus, initialFocus]);

  // The type change rules are the contracts' own: text and rating drop the options, a choice
  // type without options gets two defaults, rating keeps a valid scale.
  const changeType = (next: QuestionType) => {
    const values = form.getValues();
    // The select already holds `next`, so the values read as the new type before the rules apply.
    const changed = withQuestionType(questionOf(values, question), next);
    options.replace((changed.options ?? []).map((o) => ({ id: o.id, text: o.text })));
    form.setValue('allowFreeChoice', changed.allowFreeChoice ?? false);
    if (next === 'rating') {
      form.setValue('minValue', String(changed.metadata?.minValue));
      form.setValue('maxValue', String(changed.metadata?.maxValue));
    }
    form.clearErrors();
  };

  const n = index + 1;
  return (
    <Card className="border-blue-300 p-4 sm:p-6 dark:border-blue-500/50">
      <form onSubmit={form.handleSubmit(onSave)} noValidate aria-label={`Edit question ${n}`} className="space-y-4">
        <TextField label="Question text" maxLength={SURVEY_LIMITS.textLength} {...form.register('text')} error={errors.text?.message} />
        <div className="grid gap-4 sm:grid-cols-2 sm:items-end">
          <SelectField label="Question type" {...form.register('type', { onChange: (e) => changeType(e.target.value as QuestionType) })} error={errors.type?.message}>
            {questionTypes.map((t) => (
              <option key={t} value={t}>
                {QUESTION_TYPE_LABELS[t]}
              </option>
            ))}
          </SelectField>
          <div className="sm:pb-2.5">
            <CheckboxField label="Required" {...form.register('required')} />
          </div>
        </div>
        {isChoiceQuestion(type) && (
          <>
            <CheckboxField label="Allow other answer" hint="Adds an Other choice where visitors type their own answer." {...form.register('allowFreeChoice')} />
            <OptionsEditor
              fields={options.fields}
              register={form.register}
              errors={errors}
              onAdd={(option) => options.append(option)}
              onRemove={(i) => options.remove(i)}
              getOptions={() => form.getValues('options')}
            />
          </>
        )}
        {type === 'multiple_choice' && <SelectionLimitsFields register={form.register} errors={errors} />}
        {type === 'rating' && <RatingFields register={form.register} errors={errors} />}
        {errors.root?.message && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {errors.root.message}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">
            <Save className="h-4 w-4" aria-hidden /> Save Changes
          </Button>
        </div>
      </form>
    </Card>
  );
}
