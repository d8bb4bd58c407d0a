import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { TextField } from '../../components/Field';
import { Input } from '../../components/Input';
import { client, serverMessage, unwrap } from '../../lib/api';
import { handleUnauthorized } from '../auth/loggedOut';
import { toast } from '../toast/toastStore';

/**
 * Admins only: a one-hour, single-use link that sets a user's password, for servers that
 * cannot mail one (or a user whose mail does not arrive). The admin hands it over themselves.
 */
export function AdminResetCard() {
  const [email, setEmail] = useState('');
  const create = useMutation({
    mutationFn: (address: string) => unwrap(client.admin.users['reset-link'].$post({ json: { email: address } })),
    onError: (error) => {
      handleUnauthorized(error);
    },
  });
  const link = create.data;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (email.trim()) create.mutate(email.trim());
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast({ variant: 'success', title: 'Copied!' });
    } catch {
      toast({ variant: 'destructive', title: 'Copy failed', description: 'Select the link and copy it yourself.' });
    }
  }

  return (
    <Card className="p-6">
      <form onSubmit={submit} noValidate aria-label="Reset a user's password" className="space-y-4">
        <div>
          <h2 className="text-lg font-semibold">Reset a user's password</h2>
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
            Creates a link that lets the user choose a new password. It works once, for one hour; give it to them yourself.
          </p>
        </div>
        <TextField
          label="User's email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={create.isError ? serverMessage(create.error, 'Failed to create a reset link. Please try again.') : undefined}
        />
        <div className="flex justify-end">
          <Button type="submit" disabled={create.isPending || !email.trim()}>
            {create.isPending ? 'Creating...' : 'Create reset link'}
          </Button>
        </div>
      </form>
      {link && (
        <div className="mt-4 space-y-2 rounded-lg border border-slate-200 p-3 dark:border-slate-800">
          <p className="text-sm">Reset link (expires {new Date(link.expiresAt).toLocaleString()}):</p>
          <div className="flex gap-2">
            <Input aria-label="Reset link" readOnly className="min-w-0 font-mono text-xs" value={link.resetUrl} onFocus={(e) => e.currentTarget.select()} />
            <Button variant="secondary" onClick={() => copy(link.resetUrl)}>
              Copy
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}
