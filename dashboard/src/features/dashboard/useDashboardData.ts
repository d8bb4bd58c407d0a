import { useQueries, useQuery } from '@tanstack/react-query';
import { apiRequest, client, unwrap, type Chatbot } from '../../lib/api';

export const CHATBOTS_QUERY_KEY = ['/api/chatbots'] as const;
export const SUBSCRIPTION_QUERY_KEY = ['/api/subscription/current'] as const;

export function useChatbots() {
  return useQuery({ queryKey: CHATBOTS_QUERY_KEY, queryFn: () => unwrap(client.chatbots.$get()) });
}

export function useCurrentSubscription(enabled = true) {
  return useQuery({ queryKey: SUBSCRIPTION_QUERY_KEY, queryFn: () => unwrap(client.subscription.current.$get()), enabled });
}

/** Total conversations (sessions with a message) across the owner's bots; 0 when it cannot be read. */
export function useConversationCount() {
  return useQuery({
    queryKey: ['/api/chat/conversations/count'],
    queryFn: async () => {
      try {
        return (await unwrap(client.chat.conversations.count.$get())).count;
      } catch {
        return 0;
      }
    },
  });
}

export type SurveySummary = { totalSurveys: number; totalResponses: number; completionRate: number };

const NO_SURVEYS: SurveySummary = { totalSurveys: 0, totalResponses: 0, completionRate: 0 };

/** Survey analytics per bot, merged: totals summed, rates averaged, zeros on failure (owner-tools §7). */
export function useSurveySummary(bots: Chatbot[] | undefined): SurveySummary {
  const results = useQueries({
    queries: (bots ?? []).map((bot) => ({
      queryKey: ['/api/chatbots', bot.id, 'surveys/analytics'],
      queryFn: async (): Promise<SurveySummary> => {
        try {
          const body = (await (await apiRequest('GET', `/api/chatbots/${bot.id}/surveys/analytics`)).json()) as Partial<SurveySummary>;
          return { totalSurveys: num(body.totalSurveys), totalResponses: num(body.totalResponses), completionRate: num(body.completionRate) };
        } catch {
          return NO_SURVEYS;
        }
      },
    })),
  });
  return mergeSurveySummaries(results.map((r) => r.data ?? NO_SURVEYS));
}

export function mergeSurveySummaries(list: SurveySummary[]): SurveySummary {
  const withResponses = list.filter((s) => s.totalResponses > 0);
  return {
    totalSurveys: list.reduce((sum, s) => sum + s.totalSurveys, 0),
    totalResponses: list.reduce((sum, s) => sum + s.totalResponses, 0),
    completionRate: withResponses.length ? withResponses.reduce((sum, s) => sum + s.completionRate, 0) / withResponses.length : 0,
  };
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
