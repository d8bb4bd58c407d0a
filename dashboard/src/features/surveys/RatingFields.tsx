import { DEFAULT_RATING, RATING_RANGE, ratingTypes } from '@parley/contracts';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { SelectField, TextField } from '../../components/Field';
import type { QuestionFormValues } from './questionFormSchema';
import { RATING_TYPE_LABELS } from './surveyLabels';

type Props = { register: UseFormRegister<QuestionFormValues>; errors: FieldErrors<QuestionFormValues> };

/**
 * A rating question's scale and look. A bound that is not a whole number in range (or a
 * minimum not below the maximum) is not refused: the scale falls back to the default on save,
 * as the widget would.
 */
export function RatingFields({ register, errors }: Props) {
  const range = { min: RATING_RANGE.min, max: RATING_RANGE.max, step: 1, inputMode: 'numeric' as const };
  return (
    <div className="space-y-2">
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label="Minimum" type="number" {...range} {...register('minValue')} error={errors.minValue?.message} />
        <TextField label="Maximum" type="number" {...range} {...register('maxValue')} error={errors.maxValue?.message} />
        <SelectField label="Rating type" {...register('ratingType')} error={errors.ratingType?.message}>
          {ratingTypes.map((t) => (
            <option key={t} value={t}>
              {RATING_TYPE_LABELS[t]}
            </option>
          ))}
        </SelectField>
      </div>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        Whole numbers from {RATING_RANGE.min} to {RATING_RANGE.max}, the minimum below the maximum; otherwise the scale is {DEFAULT_RATING.minValue} to{' '}
        {DEFAULT_RATING.maxValue}.
      </p>
    </div>
  );
}
