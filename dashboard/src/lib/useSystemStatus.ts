import { useQuery } from '@tanstack/react-query';
import { client, unwrap } from './api';
import { queryKeys } from './queryKeys';

/** Whether the install has a language model and outgoing mail; both read as false until known. */
export function useSystemStatus() {
  const query = useQuery({ queryKey: queryKeys.system.status, queryFn: () => unwrap(client.system.status.$get()) });
  return { modelConfigured: query.data?.modelConfigured ?? false, emailConfigured: query.data?.emailConfigured ?? false, isLoading: query.isLoading };
}
