import { ApiError } from '../../lib/api';
import { handleUnauthorized } from '../auth/loggedOut';
import { toast } from '../toast/toastStore';

/**
 * The toasts of a failed chatbot mutation: 401 → logged-out redirect; 403 upgradeRequired →
 * "Subscription Limit Reached" with the numbers; 403 disabledByAdmin (switching on a bot an
 * administrator deactivated) → the server's words; anything else → "Error" with the fallback text.
 */
export function toastChatbotError(error: unknown, fallback: string) {
  if (handleUnauthorized(error)) return;
  const details = error instanceof ApiError && error.status === 403 ? error.body?.details : undefined;
  if (details?.disabledByAdmin && error instanceof ApiError) {
    toast({ variant: 'destructive', title: 'Deactivated by an administrator', description: error.serverMessage });
    return;
  }
  if (details?.upgradeRequired) {
    const max = Number(details.maxBots);
    const planName = String(details.planName ?? '');
    toast({
      variant: 'destructive',
      title: 'Subscription Limit Reached',
      description: `${error instanceof ApiError ? error.serverMessage : ''} (${details.currentBots}/${max === -1 ? 'Unlimited' : max} bots on the ${planName === 'Free' ? 'Trial' : planName} plan)`,
    });
    return;
  }
  toast({ variant: 'destructive', title: 'Error', description: fallback });
}
