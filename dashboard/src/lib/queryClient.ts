import { QueryClient } from '@tanstack/react-query';

/** No retry, no refetch on focus or interval, never stale; mutations do not retry. Pages refresh by invalidating. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}
