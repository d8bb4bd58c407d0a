import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { confirmsEmail } from '@parley/contracts';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { TextField } from '../../components/Field';
import { client, serverMessage, unwrap } from '../../lib/api';
import { browser } from '../../lib/browser';
import { handleUnauthorized } from '../auth/loggedOut';
import { toast } from '../toast/toastStore';

/** Danger zone: deleting the account and all of its data, once the owner has typed their email. */
export function DeleteAccountCard({ email }: { email: string }) {
  const [typed, setTyped] = useState('');
  const remove = useMutation({
    mutationFn: () => unwrap(client.account.$delete({ json: { confirmEmail: typed } })),
    // A full page load, not a route change: the owner page would otherwise see its user vanish
    // and announce a logged-out session, and nothing cached about the account may stay in memory.
    onSuccess: () => browser.go('/'),
    onError: (error) => {
      if (!handleUnauthorized(error)) toast({ variant: 'destructive', title: 'Account not deleted', description: serverMessage(error, 'Failed to delete your account. Please try again.') });
    },
  });
  const matches = confirmsEmail(typed, email);
  return (
    <Card className="border-red-200 p-6 dark:border-red-900">
      <section aria-labelledby="danger-zone" className="space-y-4">
        <div>
          <h2 id="danger-zone" className="text-lg font-semibold text-red-700 dark:text-red-400">
            Delete account
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            This permanently deletes your account and everything in it: all your chatbots with their sources and training data, conversations, leads and surveys,
            your uploaded images, your subscription and usage. It cannot be undone.
          </p>
        </div>
        <TextField
          label="Type your email address to confirm"
          type="email"
          autoComplete="off"
          placeholder={email}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <div className="flex justify-end">
          <Button variant="destructive" disabled={!matches || remove.isPending || remove.isSuccess} onClick={() => remove.mutate()}>
            {remove.isPending ? 'Deleting...' : 'Delete account'}
          </Button>
        </div>
      </section>
    </Card>
  );
}
