import { useEffect } from 'react';
import { browser, loginUrl } from '../../lib/browser';
import { isUnauthorizedError } from '../../lib/api';
import { toast } from '../toast/toastStore';

/** Spec: the logged-out redirect waits this long so the toast can be read. */
export const LOGGED_OUT_REDIRECT_DELAY = 500;

/** Shows "Unauthorized - You are logged out. Logging in again..." then goes to /api/login. */
export function announceLoggedOutAndRedirect(): () => void {
  toast({ variant: 'destructive', title: 'Unauthorized', description: 'You are logged out. Logging in again...' });
  const returnTo = loginUrl();
  const timer = setTimeout(() => browser.go(returnTo), LOGGED_OUT_REDIRECT_DELAY);
  return () => clearTimeout(timer);
}

/** Runs the logged-out redirect once `active` turns true (e.g. auth resolved to no user). */
export function useLoggedOutRedirect(active: boolean) {
  useEffect(() => {
    if (!active) return;
    return announceLoggedOutAndRedirect();
  }, [active]);
}

/** For mutation errors: a 401 Unauthorized answer means the session ended mid-page. */
export function handleUnauthorized(error: unknown): boolean {
  if (!isUnauthorizedError(error)) return false;
  announceLoggedOutAndRedirect();
  return true;
}
