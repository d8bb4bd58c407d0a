import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdate } from '@parley/contracts';
import { client, serverMessage, unwrap, type CurrentUser } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';
import { handleUnauthorized } from '../auth/loggedOut';
import { toast } from '../toast/toastStore';

/**
 * Saves profile fields. The answer is the user as the navigation shows it, so the avatar and
 * name in the user menu change at once; failures toast the server's words.
 */
export function useUpdateProfile(success = { title: 'Profile updated', description: 'Your name was saved.' }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ProfileUpdate) => unwrap(client.account.profile.$patch({ json: values })),
    onSuccess: (user) => {
      showUser(queryClient, user);
      toast({ variant: 'success', ...success });
    },
    onError: (error) => {
      if (!handleUnauthorized(error)) toast({ variant: 'destructive', title: 'Update failed', description: serverMessage(error, 'Failed to update your profile. Please try again.') });
    },
  });
}

/** Puts a fresh user into the cache the navigation reads, then checks it against the server. */
export function showUser(queryClient: ReturnType<typeof useQueryClient>, user: CurrentUser) {
  queryClient.setQueryData(queryKeys.auth.user, user);
  void queryClient.invalidateQueries({ queryKey: queryKeys.auth.user });
}

/** What "Forgot password?" can do on this server (no sign-in needed). */
export function useAuthOptions() {
  return useQuery({ queryKey: queryKeys.auth.options, queryFn: () => unwrap(client.auth.options.$get()) });
}

