import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { PasswordChangeForm } from '@parley/contracts';
import { passwordChangeFormSchema } from '@parley/contracts/schemas';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { TextField } from '../../components/Field';
import { client, serverMessage, unwrap } from '../../lib/api';
import { showServerFieldErrors } from '../../lib/formRules';
import { handleUnauthorized } from '../auth/loggedOut';
import { toast } from '../toast/toastStore';
import { NewPasswordFields } from './NewPasswordFields';

const EMPTY: PasswordChangeForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Current password, then the new one twice; the server's rules (length, common passwords) answer per field. */
export function ChangePasswordCard() {
  const form = useForm<PasswordChangeForm>({ defaultValues: EMPTY, resolver: zodResolver(passwordChangeFormSchema) });
  const { errors } = form.formState;
  const change = useMutation({
    mutationFn: ({ currentPassword, newPassword }: PasswordChangeForm) => unwrap(client.account.password.$post({ json: { currentPassword, newPassword } })),
    onSuccess: () => {
      form.reset(EMPTY);
      toast({ variant: 'success', title: 'Password changed', description: 'You were signed out everywhere else.' });
    },
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      showServerFieldErrors(form, error);
      toast({ variant: 'destructive', title: 'Password not changed', description: serverMessage(error, 'Failed to change your password. Please try again.') });
    },
  });
  return (
    <Card className="p-6">
      <form onSubmit={form.handleSubmit((values) => change.mutate(values))} noValidate aria-label="Change password" className="space-y-4">
        <div>
          <h2 className="text-lg font-semibold">Change password</h2>
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">Every other device signed in to your account is signed out.</p>
        </div>
        <TextField label="Current password" type="password" autoComplete="current-password" error={errors.currentPassword?.message} {...form.register('currentPassword')} />
        <NewPasswordFields form={form} />
        <div className="flex justify-end">
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Changing...' : 'Change password'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
