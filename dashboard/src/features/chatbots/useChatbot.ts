import { useQuery } from '@tanstack/react-query';
import { ApiError, client, unwrap } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';

/** The owner's bot by guid; `notFound` covers a missing and a foreign bot alike (both answer 404). */
export function useChatbot(guid: string | undefined) {
  const query = useQuery({
    queryKey: queryKeys.chatbots.detail(guid ?? ''),
    queryFn: () => unwrap(client.chatbots[':guid'].$get({ param: { guid: guid! } })),
    enabled: !!guid,
  });
  const notFound = !guid || (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400));
  return { ...query, notFound };
}
