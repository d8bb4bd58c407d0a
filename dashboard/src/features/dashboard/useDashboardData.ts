import { mergeSurveyAnalytics } from '@parley/contracts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';

export function useChatbots() {
  return useQuery({ queryKey: queryKeys.chatbots.all, queryFn: () => unwrap(client.chatbots.$get()) });
}

export function useCurrentSubscription(enabled = true) {
  return useQuery({ queryKey: queryKeys.subscription.current, queryFn: () => unwrap(client.subscription.current.$get()), enabled });
}

/** Total conversations (sessions with a message) across the owner's bots; 0 when it cannot be read. */
export function useConversationCount() {
  return useQuery({
    queryKey: queryKeys.chat.conversationCount,
    queryFn: async () => {
      try {
        return await unwrap(client.chat.conversations.count.$get());
      } catch {
        return 0;
      }
    },
  });
}

/**
 * Survey responses across the owner's bots: each bot's survey totals (without the per-survey
 * breakdown the card does not show), merged (totals summed, rates averaged over the bots with
 * responses). A bot whose call fails counts as zeros, so one broken bot does not hide the others' figures.
 */
export function useSurveyTotals(bots: readonly { guid: string }[]) {
  return useQueries({
    queries: bots.map((bot) => ({
      queryKey: queryKeys.chatbots.surveyTotals(bot.guid),
      queryFn: () => unwrap(client.chatbots[':id'].surveys.analytics.$get({ param: { id: bot.guid }, query: { include: 'totals' } })),
    })),
    combine: (results) => mergeSurveyAnalytics(results.map((r) => r.data ?? null)),
  });
}
