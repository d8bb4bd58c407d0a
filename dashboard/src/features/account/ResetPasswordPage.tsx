import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ACCOUNT_MESSAGES, type NewPasswordForm } from '@parley/contracts';
import { newPasswordFormSchema } from '@parley/contracts/schemas';
import { Button } from '../../components/Button';
import { client, serverMessage, unwrap } from '../../lib/api';
import { showServerFieldErrors } from '../../lib/formRules';
import { usePageMeta } from '../../lib/usePageMeta';
import { toast } from '../toast/toastStore';
import { AuthCard } from './AuthCard';
import { NewPasswordFields } from './NewPasswordFields';

/** /reset-password?token=…: where a reset link (mailed, or from an admin) lands. */
export function ResetPasswordPage() {
  usePageMeta({ title: 'Choose a new password - Parley', path: '/reset-password' });
  const [params, setParams] = useSearchParams();
  // Read once and kept in state; the address bar then drops it (a history replace), so the
  // working link does not linger in the history, a screenshot or a shared screen.
  const [token] = useState(() => params.get('token') ?? '');
  useEffect(() => {
    if (!params.has('token')) return;
    const rest = new URLSearchParams(params);
    rest.delete('token');
    setParams(rest, { replace: true });
  }, [params, setParams]);
  const navigate = useNavigate();
  const form = useForm<NewPasswordForm>({ defaultValues: { newPassword: '', confirmPassword: '' }, resolver: zodResolver(newPasswordFormSchema) });
  const { errors } = form.formState;
  const reset = useMutation({
    mutationFn: ({ newPassword }: NewPasswordForm) => unwrap(client.auth['reset-password'].$post({ json: { token, newPassword } })),
    onSuccess: () => {
      toast({ variant: 'success', title: 'Password changed', description: 'Log in with your new password.' });
      navigate('/login', { replace: true });
    },
    onError: (error) => showServerFieldErrors(form, error),
  });
  const fieldErrorShown = Boolean(errors.newPassword || errors.confirmPassword);
  const problem = !token ? ACCOUNT_MESSAGES.resetLinkInvalid : reset.isError && !fieldErrorShown ? serverMessage(reset.error, 'Something went wrong. Please try again.') : null;

  return (
    <AuthCard title="Choose a new password" intro="You will be signed out everywhere and can then log in with it.">
      {problem && (
        <div role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 dark:border-red-900 dark:bg-red-950/50 dark:text-red-300">
          {problem}{' '}
          <Link to="/forgot-password" className="font-medium underline">
            Ask for a new link
          </Link>
        </div>
      )}
      {token && (
        <form onSubmit={form.handleSubmit((values) => reset.mutate(values))} noValidate aria-label="Choose a new password" className="space-y-4">
          <NewPasswordFields form={form} />
          <Button type="submit" className="w-full" disabled={reset.isPending}>
            {reset.isPending ? 'Saving...' : 'Set new password'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
