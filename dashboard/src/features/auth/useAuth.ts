import { useQuery } from '@tanstack/react-query';
import { client, throwIfResNotOk, type CurrentUser } from '../../lib/api';
import { isEmbeddedMode } from '../../lib/embedded';
import { queryKeys } from '../../lib/queryKeys';

/** The current-user lookup; a 401 means "no user" rather than an error, since signed out is a normal state. */
async function fetchCurrentUser(): Promise<CurrentUser | null> {
  const res = await client.auth.user.$get();
  if ((res.status as number) === 401) return null;
  await throwIfResNotOk(res);
  return res.json();
}

export type AuthState = { user: CurrentUser | null; isLoading: boolean; isAuthenticated: boolean };

/** Signed out, loading or signed in. Embedded pages skip the lookup: the framed widget has no account to show. */
export function useAuth(): AuthState {
  const embedded = isEmbeddedMode();
  const { data, isLoading } = useQuery({ queryKey: queryKeys.auth.user, queryFn: fetchCurrentUser, enabled: !embedded });
  if (embedded) return { user: null, isLoading: false, isAuthenticated: false };
  return { user: data ?? null, isLoading, isAuthenticated: !!data };
}

/** Admin status, asked only once signed in; admins have no active-chatbot cap. */
export function useIsAdmin(): boolean {
  return useAdminStatus().isAdmin;
}

/** Admin status and whether it is still being asked (the admin page waits for the answer). */
export function useAdminStatus(): { isAdmin: boolean; isLoading: boolean } {
  const { isAuthenticated } = useAuth();
  const { data, isLoading } = useQuery({
    queryKey: queryKeys.auth.adminStatus,
    queryFn: async () => {
      const res = await client.auth['admin-status'].$get();
      await throwIfResNotOk(res);
      return res.json();
    },
    enabled: isAuthenticated,
  });
  return { isAdmin: data?.isAdmin === true, isLoading };
}

/** "Ada Lovelace", else the email: how the navigation and dashboard name the user. */
export function displayName(user: Pick<CurrentUser, 'firstName' | 'lastName' | 'email'>): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name || user.email;
}
