import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { MessageSquareText } from 'lucide-react';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { TextField } from '../../components/Field';
import { PageSpinner } from '../../components/Spinner';
import { Tabs, tabPanelProps } from '../../components/Tabs';
import { ApiError, client, throwIfResNotOk } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';
import { usePageMeta } from '../../lib/usePageMeta';
import { useAuth } from './useAuth';

type Mode = 'signin' | 'signup';

const MODE_TABS: readonly (readonly [Mode, string])[] = [
  ['signin', 'Sign in'],
  ['signup', 'Sign up'],
];
type FieldErrors = Partial<Record<'email' | 'password' | 'firstName' | 'lastName', string>>;

/** /login: where GET /api/login sends the browser. Sign in or create an account, then go back. */
export function LoginPage() {
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const [mode, setMode] = useState<Mode>(params.get('mode') === 'signup' ? 'signup' : 'signin');
  const { isAuthenticated, isLoading } = useAuth();
  usePageMeta({ title: mode === 'signin' ? 'Log in - Parley' : 'Create your account - Parley', path: '/login' });

  if (isLoading) return <PageSpinner />;
  if (isAuthenticated) return <Navigate to={returnTo} replace />;

  return (
    <div className="flex min-h-[calc(100vh-4rem)] items-center justify-center bg-gradient-to-b from-blue-50/60 to-white px-4 py-12 dark:from-slate-900 dark:to-slate-950">
      <Card className="w-full max-w-md p-8">
        <div className="mb-6 flex flex-col items-center text-center">
          <span className="mb-3 inline-flex h-11 w-11 items-center justify-center rounded-xl bg-blue-600 text-white">
            <MessageSquareText className="h-6 w-6" aria-hidden />
          </span>
          <h1 className="text-2xl font-bold tracking-tight">{mode === 'signin' ? 'Welcome back' : 'Create your account'}</h1>
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
            {mode === 'signin' ? 'Log in to manage your chatbots.' : 'Free plan: 1 chatbot, 100 messages a month, no credit card.'}
          </p>
        </div>
        <Tabs id="account" label="Account" tabs={MODE_TABS} selected={mode} onSelect={setMode} className="mb-6" />
        <div {...tabPanelProps('account', mode, mode)}>
          <AuthForm key={mode} mode={mode} returnTo={returnTo} />
        </div>
      </Card>
    </div>
  );
}

function AuthForm({ mode, returnTo }: { mode: Mode; returnTo: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [values, setValues] = useState({ email: '', password: '', firstName: '', lastName: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (key: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    setFieldErrors((errors) => ({ ...errors, [key]: undefined }));
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setFormError(null);
    setFieldErrors({});
    try {
      const res =
        mode === 'signin'
          ? await client.auth.login.$post({ json: { email: values.email, password: values.password } })
          : await client.auth.register.$post({
              json: {
                email: values.email,
                password: values.password,
                firstName: values.firstName.trim() || undefined,
                lastName: values.lastName.trim() || undefined,
              },
            });
      await throwIfResNotOk(res);
      queryClient.setQueryData(queryKeys.auth.user, await res.json());
      void queryClient.invalidateQueries();
      navigate(returnTo, { replace: true });
    } catch (error) {
      const { fields, message } = describeAuthError(error, mode);
      setFieldErrors(fields);
      setFormError(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={mode === 'signin' ? 'Sign in' : 'Sign up'}>
      {formError && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 dark:border-red-900 dark:bg-red-950/50 dark:text-red-300">
          {formError}
        </div>
      )}
      {mode === 'signup' && (
        <div className="grid grid-cols-2 gap-3">
          <TextField label="First name" autoComplete="given-name" value={values.firstName} onChange={set('firstName')} error={fieldErrors.firstName} />
          <TextField label="Last name" autoComplete="family-name" value={values.lastName} onChange={set('lastName')} error={fieldErrors.lastName} />
        </div>
      )}
      <TextField label="Email" type="email" autoComplete="email" required value={values.email} onChange={set('email')} error={fieldErrors.email} />
      <TextField
        label="Password"
        type="password"
        autoComplete={mode === 'signin' ? 'current-password' : 'new-password'}
        required
        value={values.password}
        onChange={set('password')}
        error={fieldErrors.password}
        hint={mode === 'signup' ? 'At least 8 characters, and not a common password.' : undefined}
      />
      {mode === 'signin' && (
        <p className="-mt-2 text-right text-sm">
          <Link to="/forgot-password" className="font-medium text-blue-600 hover:underline dark:text-blue-400">
            Forgot password?
          </Link>
        </p>
      )}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? (mode === 'signin' ? 'Logging in...' : 'Creating account...') : mode === 'signin' ? 'Log in' : 'Create account'}
      </Button>
    </form>
  );
}

/** Turns a failed sign-in or sign-up into field errors and a message a person can act on. */
export function describeAuthError(error: unknown, mode: Mode): { fields: FieldErrors; message: string | null } {
  if (!(error instanceof ApiError)) return { fields: {}, message: 'Network error. Please check your connection and try again.' };
  const body = error.body;
  if (error.status === 400) {
    const raw = (body?.details?.fieldErrors ?? {}) as Record<string, string[] | undefined>;
    const fields: FieldErrors = {};
    for (const key of ['email', 'password', 'firstName', 'lastName'] as const) if (raw[key]?.[0]) fields[key] = raw[key]![0];
    return { fields, message: Object.keys(fields).length ? null : (body?.message ?? 'Please check the form and try again.') };
  }
  if (error.status === 409) return { fields: { email: body?.message ?? 'An account with this email already exists' }, message: null };
  if (error.status === 401) return { fields: {}, message: body?.message ?? (mode === 'signin' ? 'Invalid email or password' : 'Unauthorized') };
  if (error.status === 429) return { fields: {}, message: body?.message ?? 'Too many attempts. Please wait a minute and try again.' };
  return { fields: {}, message: body?.message ?? 'Something went wrong. Please try again.' };
}

/** Only same-site paths; anything else lands on the dashboard. */
function safeReturnTo(value: string | null): string {
  return value?.startsWith('/') && !value.startsWith('//') && !value.startsWith('/api/') ? value : '/dashboard';
}
