import { ApiError } from '../../lib/api';
import { handleUnauthorized } from '../auth/loggedOut';
import { toast } from '../toast/toastStore';

/**
 * The toasts of a failed add-data action: a 401 is the logged-out redirect; otherwise an "Error"
 * toast with the server's message (never the status code), else the thrown message, else the
 * fallback. `noMessage` stands in when the server answered without a JSON message (the upload's
 * "Upload failed").
 */
export function toastSourceError(error: unknown, fallback: string, noMessage?: string) {
  if (handleUnauthorized(error)) return;
  toast({ variant: 'destructive', title: 'Error', description: sourceErrorText(error, fallback, noMessage) });
}

export function sourceErrorText(error: unknown, fallback: string, noMessage?: string): string {
  if (error instanceof ApiError) return error.body?.message || noMessage || fallback;
  return (error instanceof Error && error.message) || fallback;
}
