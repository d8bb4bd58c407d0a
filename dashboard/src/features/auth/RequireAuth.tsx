import type { ReactNode } from 'react';
import { PageSpinner } from '../../components/Spinner';
import { useLoggedOutRedirect } from './loggedOut';
import { useAuth } from './useAuth';

/**
 * Wraps every owner page: spinner while the user is being looked up; signed out, the spec's
 * destructive toast and, 500 ms later, /api/login. A page may show `signedOut` instead
 * (the survey builder's "Authentication Required").
 */
export function RequireAuth({ children, signedOut }: { children: ReactNode; signedOut?: ReactNode }) {
  const { isAuthenticated, isLoading } = useAuth();
  useLoggedOutRedirect(!isLoading && !isAuthenticated && signedOut === undefined);
  if (isLoading) return <PageSpinner />;
  if (!isAuthenticated) return signedOut !== undefined ? signedOut : <PageSpinner />;
  return <>{children}</>;
}
