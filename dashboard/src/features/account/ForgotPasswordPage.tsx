import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ACCOUNT_MESSAGES } from '@parley/contracts';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { PageSpinner } from '../../components/Spinner';
import { ApiError, client, serverMessage, unwrap } from '../../lib/api';
import { usePageMeta } from '../../lib/usePageMeta';
import { AuthCard } from './AuthCard';
import { useAuthOptions } from './useAccount';

/** /forgot-password: mails a reset link when the server can send mail; otherwise says who can help. */
export function ForgotPasswordPage() {
  usePageMeta({ title: 'Forgot password - Parley', path: '/forgot-password' });
  const options = useAuthOptions();
  const [email, setEmail] = useState('');
  const request = useMutation({ mutationFn: (address: string) => unwrap(client.auth['forgot-password'].$post({ json: { email: address } })) });

  if (options.isLoading) return <PageSpinner />;
  // Also when the server answers 503: it found out it cannot send mail after all.
  const unavailable = options.data?.passwordResetByEmail === false || (request.error instanceof ApiError && request.error.status === 503);
  const backToLogin = (
    <p className="mt-6 text-center text-sm">
      <Link to="/login" className="font-medium text-blue-600 hover:underline dark:text-blue-400">
        Back to log in
      </Link>
    </p>
  );

  if (unavailable) {
    return (
      <AuthCard title="Forgot password?">
        <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200">
          {ACCOUNT_MESSAGES.resetByEmailUnavailable}
        </p>
        {backToLogin}
      </AuthCard>
    );
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    request.mutate(email);
  }

  const fieldError = request.error instanceof ApiError && request.error.status === 400 ? serverMessage(request.error, 'Please enter a valid email address') : undefined;
  return (
    <AuthCard title="Forgot password?" intro="Enter the email address of your account and we will send you a link to choose a new password.">
      {request.isSuccess ? (
        <p role="status" className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800 dark:border-green-900 dark:bg-green-950/40 dark:text-green-200">
          {request.data.message}
        </p>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Forgot password" className="space-y-4">
          {request.isError && !fieldError && (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 dark:border-red-900 dark:bg-red-950/50 dark:text-red-300">
              {serverMessage(request.error, 'Something went wrong. Please try again.')}
            </p>
          )}
          <TextField label="Email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} error={fieldError} />
          <Button type="submit" className="w-full" disabled={request.isPending || !email.trim()}>
            {request.isPending ? 'Sending...' : 'Send reset link'}
          </Button>
        </form>
      )}
      {backToLogin}
    </AuthCard>
  );
}
