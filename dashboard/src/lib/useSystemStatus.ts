import { useQuery } from '@tanstack/react-query';
import { client, unwrap } from './api';
import { queryKeys } from './queryKeys';

/**
 * Whether the install has a language model and outgoing mail. `modelConfigured` is undefined
 * until the server has said (while loading, or when the call failed), so no page claims "no model
 * configured" on a guess: show the offline notices only on an explicit false. Mail reads as false
 * until known.
 */
export function useSystemStatus(): { modelConfigured: boolean | undefined; emailConfigured: boolean; isLoading: boolean } {
  const query = useQuery({ queryKey: queryKeys.system.status, queryFn: () => unwrap(client.system.status.$get()) });
  return { modelConfigured: query.data?.modelConfigured, emailConfigured: query.data?.emailConfigured ?? false, isLoading: query.isLoading };
}
