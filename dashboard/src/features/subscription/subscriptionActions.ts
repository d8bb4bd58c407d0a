import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../lib/api';
import { browser } from '../../lib/browser';
import { queryKeys } from '../../lib/queryKeys';
import { handleUnauthorized } from '../auth/loggedOut';
import { toast } from '../toast/toastStore';

type Kind = 'checkout' | 'modify' | 'resume' | 'cancel';

const FAILURE: Record<Kind, string> = {
  checkout: 'Failed to create checkout session. Please try again.',
  modify: 'Failed to modify subscription. Please try again.',
  resume: 'Failed to resume subscription. Please try again.',
  cancel: 'Failed to cancel subscription. Please try again.',
};
const SUCCESS: Record<Exclude<Kind, 'checkout'>, string> = {
  modify: 'Subscription updated successfully',
  resume: 'Your subscription has been resumed successfully.',
  cancel: 'Your subscription will be canceled at the end of the current billing period.',
};
const PATH: Record<Kind, string> = {
  checkout: '/api/subscription/create-checkout-session',
  modify: '/api/subscription/modify',
  resume: '/api/subscription/resume',
  cancel: '/api/subscription/cancel',
};

/** The subscription calls with their toasts; checkout sends the browser to the returned url. */
export function useSubscriptionAction(kind: Kind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (planId?: string) => {
      const res = await apiRequest('POST', PATH[kind], planId ? { planId } : {});
      return (await res.json().catch(() => ({}))) as { url?: string; message?: string };
    },
    onSuccess: async (body) => {
      if (kind === 'checkout') {
        if (body.url) browser.go(body.url);
        else toast({ variant: 'destructive', title: 'Error', description: FAILURE.checkout });
        return;
      }
      toast({ variant: 'success', title: 'Success', description: body.message || SUCCESS[kind] });
      await queryClient.invalidateQueries({ queryKey: queryKeys.subscription.current });
    },
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      // A server without online billing says what to do instead; that beats "please try again".
      const unavailable = error instanceof ApiError && error.status === 503 ? error.serverMessage : null;
      toast({ variant: 'destructive', title: 'Error', description: unavailable ?? FAILURE[kind] });
    },
  });
}
