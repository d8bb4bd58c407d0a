import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, Eye, EyeOff, KeyRound, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Spinner } from '../../components/Spinner';
import { client, serverMessage, unwrap } from '../../lib/api';
import { copyText } from '../../lib/copyText';
import { queryKeys } from '../../lib/queryKeys';
import { handleUnauthorized } from '../auth/loggedOut';
import { CodeBlock } from '../docs/CodeBlock';
import { toast } from '../toast/toastStore';

/** What the masked secret shows: as long as the real one, so the layout does not jump. */
const MASK = '•'.repeat(64);

/** The server and page code the card shows; the secret itself stays out of it (it belongs in the server's configuration). */
const IDENTITY_EXAMPLE = `// On your server (Node.js), never in the browser:
import crypto from 'node:crypto';

const SECRET = process.env.PARLEY_IDENTITY_SECRET; // the identity secret above
const userHash = crypto.createHmac('sha256', SECRET).update(user.id).digest('hex');

// In the page, for the signed-in user, with the values your server rendered:
ChatWidget.identify({
  userId: user.id,
  name: user.name,
  email: user.email,
  userHash,
});`;

/**
 * The Embed page's "Verified identity" card: the bot's identity secret (masked until shown,
 * copyable, rotatable after a confirmation), what it is for, and the code that uses it.
 */
export function IdentitySecretCard({ guid }: { guid: string }) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const queryKey = queryKeys.chatbots.identitySecret(guid);
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const secret = useQuery({
    queryKey,
    queryFn: () => unwrap(client.chatbots[':guid']['identity-secret'].$get({ param: { guid } })),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const rotate = useMutation({
    mutationFn: () => unwrap(client.chatbots[':guid']['identity-secret'].rotate.$post({ param: { guid } })),
    onSuccess: (data) => {
      queryClient.setQueryData(queryKey, data);
      setConfirming(false);
      toast({
        variant: 'success',
        title: 'Secret rotated',
        description: 'Put the new secret on your server: hashes made with the old one no longer verify.',
      });
    },
    onError: (error) => {
      setConfirming(false);
      if (handleUnauthorized(error)) return;
      toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, 'Failed to rotate the identity secret') });
    },
  });

  async function copy(value: string) {
    if (await copyText(value)) toast({ variant: 'success', title: 'Copied!', description: 'The identity secret is on your clipboard.' });
  }

  return (
    <Card className="space-y-5 p-6" aria-labelledby={titleId}>
      <div>
        <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold">
          <KeyRound className="h-5 w-5" aria-hidden /> Verified identity
        </h2>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          When visitors are signed in on your site, your server can vouch for who they are: it computes an HMAC-SHA256 of the user's id with
          this secret and your page passes it to ChatWidget.identify. Parley checks the hash, shows the user (id, name and email) on the
          conversation in Chat History and its exports, and fills their name and email into the contact form. A wrong hash is refused and the
          visitor goes on chatting anonymously. Keep the secret on your server: never put it in a page or a script.
        </p>
      </div>
      <div>
        <p className="text-sm font-medium text-slate-700 dark:text-slate-300">Identity secret</p>
        {secret.isLoading ? (
          <div className="mt-2">
            <Spinner label="Loading the identity secret" />
          </div>
        ) : secret.isError || !secret.data ? (
          <p role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
            Failed to load the identity secret. Please try again later.
          </p>
        ) : (
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <code
              className="min-w-0 flex-1 truncate rounded-lg bg-slate-100 px-3 py-2 font-mono text-xs text-slate-900 dark:bg-slate-800 dark:text-slate-100"
              data-testid="identity-secret"
            >
              {shown ? secret.data.secret : MASK}
            </code>
            {shown ? null : <span className="sr-only">(hidden: press Show to see it)</span>}
            <Button variant="outline" size="sm" onClick={() => setShown((s) => !s)} aria-pressed={shown}>
              {shown ? <EyeOff className="h-4 w-4" aria-hidden /> : <Eye className="h-4 w-4" aria-hidden />} {shown ? 'Hide' : 'Show'}
            </Button>
            <Button variant="outline" size="sm" onClick={() => void copy(secret.data.secret)} aria-label="Copy secret">
              <Copy className="h-4 w-4" aria-hidden /> Copy
            </Button>
          </div>
        )}
        <Button variant="outline" size="sm" className="mt-3" onClick={() => setConfirming(true)} disabled={!secret.data || rotate.isPending}>
          <RefreshCw className="h-4 w-4" aria-hidden /> Rotate secret
        </Button>
      </div>
      <div className="space-y-2">
        <p className="text-sm text-slate-600 dark:text-slate-400">Compute the hash on your server, then identify the visitor in the page:</p>
        <CodeBlock label="Verified identity example" code={IDENTITY_EXAMPLE} />
      </div>
      <ConfirmDialog
        open={confirming}
        title="Rotate the identity secret?"
        description="A new secret replaces this one at once. Hashes made with the current secret stop verifying, so visitors your site identifies with them chat anonymously until your server uses the new secret. Conversations already labelled keep their user."
        confirmLabel="Rotate secret"
        destructive
        busy={rotate.isPending}
        onConfirm={() => rotate.mutate()}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
