import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { client, serverMessage, unwrap } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';
import { handleUnauthorized } from '../auth/loggedOut';
import { toast } from '../toast/toastStore';

type LeadsPage = InferResponseType<typeof client.leads.$get, 200>;
export type Lead = LeadsPage['leads'][number];

const LEADS_PAGE_SIZE = 20;

/** One page of leads, newest first: of one bot when `guid` is given, else of all the owner's bots. */
export function useLeads(guid: string | undefined, page: number) {
  return useQuery({
    queryKey: guid ? queryKeys.chatbots.leads(guid, page) : queryKeys.leads.page(page),
    queryFn: async () => {
      const query = { page: String(page), limit: String(LEADS_PAGE_SIZE) };
      try {
        return await unwrap(guid ? client.chatbots[':guid'].leads.$get({ param: { guid }, query }) : client.leads.$get({ query }));
      } catch (error) {
        if (handleUnauthorized(error)) throw error;
        throw new Error('Failed to load leads', { cause: error });
      }
    },
    placeholderData: keepPreviousData,
  });
}

/**
 * Unread leads across all the owner's bots (test chats' leads left out), for the dashboard's
 * card and the navbar badge, which share this one query; 0 when it cannot be read.
 */
export function useUnreadLeadCount(enabled = true) {
  return useQuery({
    queryKey: queryKeys.leads.summary,
    queryFn: async () => {
      try {
        return await unwrap(client.leads['unread-count'].$get());
      } catch {
        return 0;
      }
    },
    enabled,
  });
}

/** Marks a lead read or unread and refreshes every list and count that shows it. */
export function useMarkLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, read }: { id: number; read: boolean }) => unwrap(client.leads[':id'].$patch({ param: { id: String(id) }, json: { read } })),
    onSuccess: async (lead) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.leads.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.chatbots.leads(lead.chatbotGuid) }),
      ]);
    },
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, 'Failed to update lead') });
    },
  });
}

/** The CSV download of the owner's leads (one bot's when `guid` is given). */
export function leadsCsvUrl(guid?: string): string {
  return guid ? `/api/leads/export.csv?chatbot=${encodeURIComponent(guid)}` : '/api/leads/export.csv';
}
