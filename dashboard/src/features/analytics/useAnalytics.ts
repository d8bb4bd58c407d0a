import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { client, unwrap } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';
import { handleUnauthorized } from '../auth/loggedOut';

export type Analytics = InferResponseType<(typeof client.chatbots)[':guid']['analytics']['$get'], 200>;
/** The days (both included) and the zone the figures are counted in. */
export type AnalyticsPeriod = { from: string; to: string; tz: string };

/**
 * The bot's figures over a period. While another period loads, the previous figures stay on
 * screen (marked as updating) instead of a spinner replacing the page.
 */
export function useAnalytics(guid: string, period: AnalyticsPeriod) {
  return useQuery({
    queryKey: queryKeys.chatbots.analytics(guid, period),
    queryFn: async () => {
      try {
        return await unwrap(client.chatbots[':guid'].analytics.$get({ param: { guid }, query: period }));
      } catch (error) {
        if (handleUnauthorized(error)) throw error;
        throw new Error('Failed to load analytics', { cause: error });
      }
    },
    placeholderData: keepPreviousData,
  });
}

/** The CSV download of the same figures. */
export function analyticsCsvUrl(guid: string, period: AnalyticsPeriod): string {
  return `/api/chatbots/${encodeURIComponent(guid)}/analytics/export.csv?${new URLSearchParams(period)}`;
}
