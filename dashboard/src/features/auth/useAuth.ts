import { useQuery } from '@tanstack/react-query';
import { client, throwIfResNotOk, type CurrentUser } from '../../lib/api';
import { isEmbeddedMode } from '../../lib/embedded';

export const USER_QUERY_KEY = ['/api/auth/user'] as const;
export const ADMIN_QUERY_KEY = ['/api/auth/admin-status'] as const;

/** The current-user lookup; a 401 means "no user" rather than an error (spec §8). */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  const res = await client.auth.user.$get();
  if ((res.status as number) === 401) return null;
  await throwIfResNotOk(res);
  return res.json();
}

export type AuthState = { user: CurrentUser | null; isLoading: boolean; isAuthenticated: boolean };

/** Signed out, loading or signed in. Embedded pages skip the lookup entirely (spec §4). */
export function useAuth(): AuthState {
  const embedded = isEmbeddedMode();
  const { data, isLoading } = useQuery({ queryKey: USER_QUERY_KEY, queryFn: fetchCurrentUser, enabled: !embedded });
  if (embedded) return { user: null, isLoading: false, isAuthenticated: false };
  return { user: data ?? null, isLoading, isAuthenticated: !!data };
}

/** Admin status, asked only once signed in; admins have no active-chatbot cap. */
export function useIsAdmin(): boolean {
  const { isAuthenticated } = useAuth();
  const { data } = useQuery({
    queryKey: ADMIN_QUERY_KEY,
    queryFn: async () => {
      const res = await client.auth['admin-status'].$get();
      await throwIfResNotOk(res);
      return res.json();
    },
    enabled: isAuthenticated,
  });
  return data?.isAdmin === true;
}

/** "Ada Lovelace", else the email: how the navigation and dashboard name the user. */
export function displayName(user: Pick<CurrentUser, 'firstName' | 'lastName' | 'email'>): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name || user.email;
}
