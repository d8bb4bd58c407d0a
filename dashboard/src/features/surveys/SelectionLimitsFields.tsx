import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { TextField } from '../../components/Field';
import type { QuestionFormValues } from './questionFormSchema';

type Props = { register: UseFormRegister<QuestionFormValues>; errors: FieldErrors<QuestionFormValues> };

/** How many options a visitor must and may pick in a multiple choice question; blank means no limit. */
export function SelectionLimitsFields({ register, errors }: Props) {
  const whole = { type: 'number', min: 1, step: 1, inputMode: 'numeric' } as const;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label="At least" hint="Optional: blank means 1." {...whole} {...register('minSelections')} error={errors.minSelections?.message} />
      <TextField label="At most" hint="Optional: blank means every option." {...whole} {...register('maxSelections')} error={errors.maxSelections?.message} />
    </div>
  );
}
