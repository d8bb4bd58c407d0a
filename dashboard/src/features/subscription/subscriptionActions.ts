import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SUBSCRIPTION_FAILURE, SUBSCRIPTION_SUCCESS } from '@parley/contracts';
import { ApiError, apiRequest } from '../../lib/api';
import { browser } from '../../lib/browser';
import { queryKeys } from '../../lib/queryKeys';
import { handleUnauthorized } from '../auth/loggedOut';
import { toast } from '../toast/toastStore';

type Kind = keyof typeof SUBSCRIPTION_FAILURE;

const PATH: Record<Kind, string> = {
  checkout: '/api/subscription/create-checkout-session',
  modify: '/api/subscription/modify',
  resume: '/api/subscription/resume',
  cancel: '/api/subscription/cancel',
};

/**
 * The subscription calls with the spec's toasts; checkout sends the browser to the returned url.
 * A refusal the server explains (already on that plan, nothing to resume…) adds its words to
 * the spec's failure text, so the owner learns why instead of retrying in vain.
 */
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
        else toast({ variant: 'destructive', title: 'Error', description: SUBSCRIPTION_FAILURE.checkout });
        return;
      }
      toast({ variant: 'success', title: 'Success', description: body.message || SUBSCRIPTION_SUCCESS[kind] });
      await queryClient.invalidateQueries({ queryKey: queryKeys.subscription.current });
    },
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      const reason = error instanceof ApiError && error.status !== 500 ? error.body?.message : undefined;
      toast({ variant: 'destructive', title: 'Error', description: reason ? `${SUBSCRIPTION_FAILURE[kind]} ${reason}` : SUBSCRIPTION_FAILURE[kind] });
    },
  });
}
