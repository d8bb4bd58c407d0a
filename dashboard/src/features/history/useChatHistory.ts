import { SESSIONS_PAGE_SIZE } from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { ApiError, client, serverMessage, unwrap } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';
import { handleUnauthorized } from '../auth/loggedOut';
import { toast } from '../toast/toastStore';
import { filterQuery, type HistoryFilterState } from './historyFilters';

export type SessionsPage = InferResponseType<(typeof client.chatbots)[':guid']['sessions']['$get'], 200>;
export type SessionListItem = SessionsPage['sessions'][number];

/**
 * One page of the bot's conversations under the history filters, with the totals; any failure
 * reads "Failed to fetch sessions".
 */
export function useSessions(guid: string, page: number, filters: HistoryFilterState) {
  const query = filterQuery(filters);
  return useQuery({
    queryKey: queryKeys.chatbots.sessions(guid, page, new URLSearchParams(query).toString()),
    queryFn: async () => {
      try {
        return await unwrap(
          client.chatbots[':guid'].sessions.$get({ param: { guid }, query: { page: String(page), limit: String(SESSIONS_PAGE_SIZE), ...query } }),
        );
      } catch (error) {
        if (handleUnauthorized(error)) throw error;
        throw new Error('Failed to fetch sessions', { cause: error });
      }
    },
    placeholderData: (previous) => previous,
  });
}

/** The messages of one conversation, oldest first, as stored (the transcript leaves out what is internal). */
export function useSessionMessages(sessionId: string) {
  return useQuery({
    queryKey: queryKeys.chat.messages(sessionId),
    queryFn: () => unwrap(client.chat[':sessionId'].messages.$get({ param: { sessionId } })),
    // A deleted conversation stays deleted: no point asking again.
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 3,
  });
}

/** Deletes one conversation (owner call) and refreshes every page of the list. */
export function useDeleteSession(guid: string, onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => unwrap(client.chat[':sessionId'].$delete({ param: { sessionId } })),
    onSuccess: async (_, sessionId) => {
      toast({ variant: 'success', title: 'Success', description: 'Chat session deleted successfully' });
      queryClient.removeQueries({ queryKey: queryKeys.chat.session(sessionId) });
      onDeleted();
      await queryClient.invalidateQueries({ queryKey: queryKeys.chatbots.sessions(guid) });
    },
    onError: (error) => toastDeleteError(error, 'Failed to delete chat session'),
  });
}

/** Deletes every conversation of the bot. */
export function useDeleteAllSessions(guid: string, onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(client.chatbots[':guid'].sessions.$delete({ param: { guid } })),
    onSuccess: async () => {
      toast({ variant: 'success', title: 'Success', description: 'All chat sessions deleted successfully' });
      onDeleted();
      await queryClient.invalidateQueries({ queryKey: queryKeys.chatbots.sessions(guid) });
    },
    onError: (error) => toastDeleteError(error, 'Failed to delete all chat sessions'),
  });
}

/** Delete failures show the server's message, else the fallback. */
function toastDeleteError(error: unknown, fallback: string) {
  if (handleUnauthorized(error)) return;
  toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, fallback) });
}
