import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { TextField } from '../../components/Field';

type WithNewPassword = FieldValues & { newPassword: string; confirmPassword: string };

/** "New password" and "Confirm new password", shared by the change-password card and the reset page. */
export function NewPasswordFields<T extends WithNewPassword>({ form }: { form: UseFormReturn<T> }) {
  const { errors } = form.formState;
  return (
    <>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        error={errors.newPassword?.message as string | undefined}
        hint="At least 8 characters, and not a common password."
        {...form.register('newPassword' as Path<T>)}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message as string | undefined}
        {...form.register('confirmPassword' as Path<T>)}
      />
    </>
  );
}
