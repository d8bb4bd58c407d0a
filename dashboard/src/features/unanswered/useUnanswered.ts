import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { QaInput, UnansweredGroup, UnansweredList } from '@parley/contracts';
import { ApiError, client, serverMessage, unwrap } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';
import { handleUnauthorized } from '../auth/loggedOut';
import { toast } from '../toast/toastStore';

export type SavedAnswer = InferResponseType<(typeof client.chatbots)[':chatbotId']['qa']['$get'], 200>[number];

/** The toast after an answer is saved: it is live as soon as the call returns. */
const ANSWER_SAVED = 'Answer saved. Your bot will use it from the next message.';

/** The bot's Unanswered inbox, grouped. */
export function useUnanswered(guid: string) {
  return useQuery({
    queryKey: queryKeys.chatbots.unanswered(guid),
    queryFn: async () => {
      try {
        return await unwrap(client.chatbots[':guid'].unanswered.$get({ param: { guid } }));
      } catch (error) {
        if (handleUnauthorized(error)) throw error;
        throw new Error('Failed to load unanswered questions', { cause: error });
      }
    },
  });
}

/** The bot's saved answers (Q&A sources) with their wordings. */
export function useSavedAnswers(guid: string) {
  return useQuery({
    queryKey: queryKeys.chatbots.qa(guid),
    queryFn: () => unwrap(client.chatbots[':chatbotId'].qa.$get({ param: { chatbotId: guid } })),
  });
}

/**
 * Dismiss, answer, edit and delete, each with its toast. A dismissed or answered group leaves
 * the cached inbox at once; the inbox, saved answers and content sources are then refetched.
 */
export function useUnansweredActions(guid: string) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all(
      [queryKeys.chatbots.unanswered(guid), queryKeys.chatbots.qa(guid), queryKeys.chatbots.sources(guid)].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  const dropGroup = (group: UnansweredGroup) =>
    queryClient.setQueryData<UnansweredList>(queryKeys.chatbots.unanswered(guid), (list) =>
      list ? { ...list, groups: list.groups.filter((g) => g.id !== group.id), total: list.total - group.count } : list,
    );
  const failed = (fallback: string) => (error: Error) => {
    if (handleUnauthorized(error)) return;
    toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, fallback) });
  };

  const dismiss = useMutation({
    mutationFn: (group: UnansweredGroup) =>
      unwrap(client.chatbots[':guid'].unanswered.dismiss.$post({ param: { guid }, json: { messageIds: group.messageIds } })),
    onSuccess: (_, group) => {
      dropGroup(group);
      toast({ variant: 'success', title: 'Dismissed', description: `"${group.question}" left the inbox.` });
      return refresh();
    },
    onError: failed('Failed to dismiss the question'),
  });
  const answer = useMutation({
    mutationFn: ({ group, qa }: { group: UnansweredGroup; qa: QaInput }) =>
      unwrap(client.chatbots[':guid'].unanswered.answer.$post({ param: { guid }, json: { ...qa, messageIds: group.messageIds } })),
    onSuccess: (_, { group }) => {
      dropGroup(group);
      toast({ variant: 'success', description: ANSWER_SAVED });
      return refresh();
    },
    onError: (error) => {
      failed('Failed to save the answer')(error);
      // 409: the questions were answered or dismissed meanwhile (another tab, a double click);
      // the fresh inbox no longer lists them.
      if (error instanceof ApiError && error.status === 409) return refresh();
    },
  });
  const update = useMutation({
    mutationFn: ({ id, qa }: { id: number; qa: QaInput }) =>
      unwrap(client.chatbots[':chatbotId'].qa[':sourceId'].$put({ param: { chatbotId: guid, sourceId: String(id) }, json: qa })),
    onSuccess: () => {
      toast({ variant: 'success', description: ANSWER_SAVED });
      return refresh();
    },
    onError: failed('Failed to save the answer'),
  });
  const remove = useMutation({
    mutationFn: (id: number) =>
      unwrap(client.chatbots[':chatbotId']['website-sources'][':sourceId'].$delete({ param: { chatbotId: guid, sourceId: String(id) } })),
    onSuccess: () => {
      toast({ variant: 'success', title: 'Answer Deleted', description: 'Your bot no longer uses this answer.' });
      return refresh();
    },
    onError: failed('Failed to delete the answer'),
  });
  return { dismiss, answer, update, remove };
}
