import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { client, serverMessage, unwrap } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';
import { handleUnauthorized } from '../auth/loggedOut';
import { toast } from '../toast/toastStore';

type AccountsPage = InferResponseType<typeof client.admin.accounts.$get, 200>;
export type AdminAccount = AccountsPage['accounts'][number];
export type AdminChatbot = InferResponseType<typeof client.admin.chatbots.$get, 200>[number];
type ActionsPage = InferResponseType<typeof client.admin.actions.$get, 200>;
export type AdminAction = ActionsPage['actions'][number];

/** One page of accounts (50), searched by email or name. */
export function useAdminAccounts(search: string, page: number) {
  return useQuery({
    queryKey: queryKeys.admin.accounts(search, page),
    queryFn: () => unwrap(client.admin.accounts.$get({ query: { search, page: String(page) } })),
    placeholderData: keepPreviousData,
  });
}

/** One account's bots, asked when its row is opened. */
export function useAccountChatbots(userId: string) {
  return useQuery({
    queryKey: queryKeys.admin.accountChatbots(userId),
    queryFn: () => unwrap(client.admin.accounts[':userId'].chatbots.$get({ param: { userId } })),
  });
}

/** Bots of every account (at most 100), searched by name or owner email: the default-bot picker. */
export function useAdminChatbots(search: string) {
  return useQuery({
    queryKey: queryKeys.admin.chatbots(search),
    queryFn: () => unwrap(client.admin.chatbots.$get({ query: { search } })),
    placeholderData: keepPreviousData,
  });
}

/** One page of the admin log, newest first. */
export function useAdminActions(page: number) {
  return useQuery({
    queryKey: queryKeys.admin.actions(page),
    queryFn: () => unwrap(client.admin.actions.$get({ query: { page: String(page) } })),
    placeholderData: keepPreviousData,
  });
}

/**
 * An admin action: on success the page's lists (and `alsoRefresh`) are read again and `success`
 * is toasted; on failure the server's message is.
 */
function useAdminMutation<Input, Output>({
  run,
  success,
  failure,
  alsoRefresh = [],
}: {
  run: (input: Input) => Promise<Output>;
  success: (output: Output) => string;
  failure: string;
  alsoRefresh?: QueryKey[];
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (output) => {
      toast({ variant: 'success', title: 'Done', description: success(output) });
      await Promise.all([queryKeys.admin.all, ...alsoRefresh].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, failure) });
    },
  });
}

/** Puts an account on a plan at once; the toast is the server's own sentence. */
export function useChangePlan() {
  return useAdminMutation({
    run: ({ userId, planId }: { userId: string; planId: string }) => unwrap(client.admin.accounts[':userId'].plan.$post({ param: { userId }, json: { planId } })),
    success: (answer) => answer.message,
    failure: 'Failed to change the plan',
    // The admin's own plan may be the one that changed.
    alsoRefresh: [queryKeys.subscription.current],
  });
}

export function useSetDefaultChatbot() {
  return useAdminMutation({
    run: (chatbotId: string) => unwrap(client.admin['default-chatbot'].$post({ json: { chatbotId } })),
    success: (bot) => `${bot.name} is now the default public chatbot.`,
    failure: 'Failed to set the default chatbot',
    alsoRefresh: [queryKeys.public.defaultChatbot],
  });
}

export function useDeactivateChatbot() {
  return useAdminMutation({
    run: ({ guid, reason }: { guid: string; reason: string }) => unwrap(client.admin.chatbots[':guid'].deactivate.$post({ param: { guid }, json: { reason } })),
    success: (bot) => `${bot.name} is deactivated. Its owner cannot switch it back on.`,
    failure: 'Failed to deactivate the chatbot',
    alsoRefresh: [queryKeys.chatbots.all],
  });
}

export function useReactivateChatbot() {
  return useAdminMutation({
    run: (guid: string) => unwrap(client.admin.chatbots[':guid'].reactivate.$post({ param: { guid } })),
    success: (bot) => `${bot.name} may be switched on again by its owner.`,
    failure: 'Failed to reactivate the chatbot',
    alsoRefresh: [queryKeys.chatbots.all],
  });
}
