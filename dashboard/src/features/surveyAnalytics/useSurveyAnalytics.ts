import { useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { client, unwrap } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';
import { handleUnauthorized } from '../auth/loggedOut';

export type SurveyAnalyticsData = InferResponseType<(typeof client.chatbots)[':id']['surveys']['analytics']['$get'], 200>;

/**
 * The survey analytics page's figures. They are asked for again each time the page opens
 * (the cached ones stay on screen meanwhile), because responses arrive from visitors while the
 * dashboard is open and nothing else would tell this cache.
 */
export function useSurveyAnalytics(guid: string) {
  return useQuery({
    queryKey: queryKeys.chatbots.surveyAnalytics(guid),
    queryFn: async () => {
      try {
        return await fetchSurveyAnalytics(guid);
      } catch (error) {
        if (handleUnauthorized(error)) throw error;
        throw new Error('Failed to load survey analytics', { cause: error });
      }
    },
    refetchOnMount: 'always',
  });
}

/** One bot's survey figures (the API takes the bot's guid as well as its id). */
function fetchSurveyAnalytics(guid: string): Promise<SurveyAnalyticsData> {
  return unwrap(client.chatbots[':id'].surveys.analytics.$get({ param: { id: guid }, query: {} }));
}

/** The CSV download of one survey's counted responses. */
export function surveyCsvUrl(surveyId: number): string {
  return `/api/surveys/${surveyId}/responses/export.csv`;
}
