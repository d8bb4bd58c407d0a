import { useQueryClient } from '@tanstack/react-query';
import { Card } from '../../components/Card';
import { client, serverMessage, unwrap, type CurrentUser } from '../../lib/api';
import { UserAvatar } from '../layout/UserAvatar';
import { toast } from '../toast/toastStore';
import { ImageUploadField } from '../uploads/ImageUploadField';
import { showUser, useUpdateProfile } from './useAccount';

/** The profile picture: upload one (stored at 200×200), point at one by URL, or remove it. */
export function ProfilePictureField({ user }: { user: CurrentUser }) {
  const current = user.profileImageUrl ?? '';
  const queryClient = useQueryClient();
  const setUrl = useUpdateProfile({ title: 'Picture updated', description: 'Your profile picture was updated.' });
  const remove = useUpdateProfile({ title: 'Picture removed', description: 'Your profile picture was removed.' });

  return (
    <Card className="space-y-4 p-6">
      <div>
        <h2 className="text-lg font-semibold">Profile picture</h2>
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">JPG, PNG, GIF or WebP up to 10MB; stored at 200×200.</p>
      </div>
      <ImageUploadField
        preview={<UserAvatar user={user} className="h-20 w-20 text-xl" />}
        value={current}
        initialUrl={current.startsWith('/') ? '' : current}
        uploadLabel="Upload profile picture"
        urlLabel="Picture URL"
        urlPlaceholder="https://example.com/me.png"
        upload={async (file) => {
          const { user: saved } = await unwrap(client.upload['profile-image'].$post({ form: { picture: file } }));
          showUser(queryClient, saved);
          toast({ variant: 'success', title: 'Picture updated', description: 'Your profile picture was updated.' });
          return '';
        }}
        uploadFailedText={(error) => serverMessage(error, 'Failed to upload your picture. Please try again.')}
        onSetUrl={(url) => setUrl.mutate({ profileImageUrl: url })}
        onRemove={() => remove.mutateAsync({ profileImageUrl: null })}
        busy={setUrl.isPending || remove.isPending}
      />
    </Card>
  );
}
