import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { ACCOUNT_MESSAGES } from '@parley/contracts';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Input } from '../../components/Input';
import { client, unwrap, type CurrentUser } from '../../lib/api';
import { handleUnauthorized } from '../auth/loggedOut';
import { UserAvatar } from '../layout/UserAvatar';
import { toast } from '../toast/toastStore';
import { serverMessage, showUser, useUpdateProfile } from './useAccount';

const MAX_BYTES = 10 * 1024 * 1024;
/** What the server decodes; it checks the bytes again, this only saves a pointless upload. */
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/** The profile picture: upload one (stored at 200×200), point at one by URL, or remove it. */
export function ProfilePictureField({ user }: { user: CurrentUser }) {
  const current = user.profileImageUrl ?? '';
  const [urlDraft, setUrlDraft] = useState(current.startsWith('/') ? '' : current);
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const setUrl = useUpdateProfile({ title: 'Picture updated', description: 'Your profile picture was updated.' });
  const remove = useUpdateProfile({ title: 'Picture removed', description: 'Your profile picture was removed.' });
  const upload = useMutation({
    mutationFn: (file: File) => unwrap(client.upload['profile-image'].$post({ form: { picture: file } })),
    onSuccess: ({ user: saved }) => {
      showUser(queryClient, saved);
      setUrlDraft('');
      toast({ variant: 'success', title: 'Picture updated', description: 'Your profile picture was updated.' });
    },
    onError: (error) => {
      if (!handleUnauthorized(error)) toast({ variant: 'destructive', title: 'Upload failed', description: serverMessage(error, 'Failed to upload your picture. Please try again.') });
    },
    onSettled: () => {
      if (input.current) input.current.value = '';
    },
  });
  const busy = upload.isPending || setUrl.isPending || remove.isPending;

  function choose(file: File | undefined) {
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) {
      toast({ variant: 'destructive', title: 'Invalid file type', description: ACCOUNT_MESSAGES.imageType });
      if (input.current) input.current.value = '';
      return;
    }
    if (file.size > MAX_BYTES) {
      toast({ variant: 'destructive', title: 'File too large', description: ACCOUNT_MESSAGES.imageTooLarge });
      if (input.current) input.current.value = '';
      return;
    }
    upload.mutate(file);
  }

  const draft = urlDraft.trim();
  return (
    <Card className="space-y-4 p-6">
      <div>
        <h2 className="text-lg font-semibold">Profile picture</h2>
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">JPG, PNG, GIF or WebP up to 10MB; stored at 200×200.</p>
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <UserAvatar user={user} className="h-20 w-20 text-xl" />
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            className="sr-only"
            aria-label="Upload profile picture"
            onChange={(e) => choose(e.target.files?.[0])}
          />
          <Button variant="outline" size="sm" disabled={busy} onClick={() => input.current?.click()}>
            <Upload className="h-4 w-4" aria-hidden /> {upload.isPending ? 'Uploading...' : 'Upload'}
          </Button>
          {current && (
            <Button variant="ghost" size="sm" disabled={busy} onClick={() => remove.mutate({ profileImageUrl: null }, { onSuccess: () => setUrlDraft('') })}>
              Remove
            </Button>
          )}
        </div>
      </div>
      <div className="flex gap-2">
        <Input aria-label="Picture URL" className="min-w-0" placeholder="https://example.com/me.png" value={urlDraft} onChange={(e) => setUrlDraft(e.target.value)} />
        <Button variant="secondary" disabled={busy || !draft || draft === current} onClick={() => setUrl.mutate({ profileImageUrl: draft })}>
          Set URL
        </Button>
      </div>
    </Card>
  );
}
