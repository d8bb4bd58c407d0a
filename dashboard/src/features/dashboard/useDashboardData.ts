import { useQuery } from '@tanstack/react-query';
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
