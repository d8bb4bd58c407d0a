import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { throwIfResNotOk } from './api';

/** Spec §7 default: the query key parts joined with "/" are the path; a 401 is an error. */
export const defaultQueryFn: QueryFunction = async ({ queryKey }) => {
  const res = await fetch(queryKey.join('/'), { credentials: 'include' });
  await throwIfResNotOk(res);
  return res.json();
};

/** No retry, no refetch on focus or interval, never stale; mutations do not retry (spec §7). */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}
