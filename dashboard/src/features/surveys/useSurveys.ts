import { SURVEY_DEFAULTS, SURVEY_MESSAGES, type SurveyWithCounts, type UpdateSurveyRequest } from '@parley/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { client, serverMessage, unwrap } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';
import { handleUnauthorized } from '../auth/loggedOut';
import { toast } from '../toast/toastStore';

/** The bot's surveys (newest first) with their response counts; the API takes the bot's guid for its id. */
export function useSurveyList(guid: string) {
  return useQuery({
    queryKey: queryKeys.chatbots.surveys(guid),
    queryFn: async (): Promise<SurveyWithCounts[]> => unwrap(client.chatbots[':id'].surveys.$get({ param: { id: guid } })),
  });
}

/** New Survey: a draft with the defaults, put first in the list; `onCreated` selects it. */
export function useCreateSurvey(guid: string, onCreated: (survey: SurveyWithCounts) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<SurveyWithCounts> =>
      unwrap(client.chatbots[':id'].surveys.$post({ param: { id: guid }, json: { name: SURVEY_DEFAULTS.title, description: SURVEY_DEFAULTS.description } })),
    onSuccess: (survey) => {
      queryClient.setQueryData<SurveyWithCounts[]>(queryKeys.chatbots.surveys(guid), (list) => [survey, ...(list ?? []).filter((s) => s.id !== survey.id)]);
      markSurveysChanged(queryClient, guid);
      onCreated(survey);
    },
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, SURVEY_MESSAGES.createFailed) });
    },
  });
}

/** Delete a survey (its responses go with it); `onDeleted` moves the selection on. */
export function useDeleteSurvey(guid: string, onDeleted: (id: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => unwrap(client.surveys[':id'].$delete({ param: { id: String(id) } })),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<SurveyWithCounts[]>(queryKeys.chatbots.surveys(guid), (list) => list?.filter((s) => s.id !== id));
      markSurveysChanged(queryClient, guid);
      onDeleted(id);
      toast({ variant: 'success', title: 'Survey deleted', description: 'The survey and its responses have been removed.' });
    },
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, SURVEY_MESSAGES.deleteFailed) });
    },
  });
}

/**
 * `PATCH /api/surveys/{id}`, the answer stored in the bot's list. A plain function rather than a
 * mutation hook: the builder also saves while it unmounts (leaving the page), when a hook's
 * callbacks no longer run. `keepalive` lets the request outlive a closing tab.
 */
export async function patchSurvey(queryClient: QueryClient, guid: string, id: number, body: UpdateSurveyRequest, keepalive = false): Promise<SurveyWithCounts> {
  const call = client.surveys[':id'].$patch({ param: { id: String(id) }, json: body }, keepalive ? { init: { keepalive } } : undefined);
  const updated: SurveyWithCounts = await unwrap(call);
  queryClient.setQueryData<SurveyWithCounts[]>(queryKeys.chatbots.surveys(guid), (list) => list?.map((s) => (s.id === id ? updated : s)));
  markSurveysChanged(queryClient, guid);
  return updated;
}

/**
 * Everything cached under the bot's surveys (analytics included) is out of date; the list the
 * builder shows was just written, so nothing is fetched again now, only when next shown.
 */
function markSurveysChanged(queryClient: QueryClient, guid: string) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.chatbots.surveys(guid), refetchType: 'none' });
}
