import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SyncSchedule } from '@parley/contracts';
import type { InferResponseType } from 'hono/client';
import { client, unwrap } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';
import { toast } from '../toast/toastStore';
import { toastSourceError } from './sourceErrors';
import { textPayload, websitePayload, type TextFormValues, type WebsiteFormValues } from './sourceValidation';

export type ContentSource = InferResponseType<(typeof client.chatbots)[':chatbotId']['website-sources']['$get'], 200>[number];

/** While any source waits or scans, the list is fetched again this often, so its status moves without a reload. */
export const SCAN_POLL_MS = 3000;

export const isScanning = (s: Pick<ContentSource, 'status'>) => s.status === 'pending' || s.status === 'scanning';

/**
 * The bot's content sources, polled every 3 s while any is pending or scanning (polling stops
 * when none is, or when a fetch fails). Unlike the app's default, the list is never fresh and
 * is fetched again when the window regains focus, so a scan finished meanwhile shows at once.
 */
export function useSources(chatbotId: string) {
  return useQuery({
    queryKey: queryKeys.chatbots.sources(chatbotId),
    queryFn: () => unwrap(client.chatbots[':chatbotId']['website-sources'].$get({ param: { chatbotId } })),
    refetchInterval: (query) => (query.state.status !== 'error' && query.state.data?.some(isScanning) ? SCAN_POLL_MS : false),
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

export type SourcePages = InferResponseType<(typeof client.chatbots)[':chatbotId']['website-sources'][':sourceId']['pages']['$get'], 200>;

/** A source's pages (learned, skipped, failed with their reasons), fetched while `sourceId` is set. */
export function useSourcePages(chatbotId: string, sourceId: number | null) {
  return useQuery({
    queryKey: queryKeys.chatbots.sourcePages(chatbotId, sourceId ?? 0),
    queryFn: () =>
      unwrap(client.chatbots[':chatbotId']['website-sources'][':sourceId'].pages.$get({ param: { chatbotId, sourceId: String(sourceId) } })),
    enabled: sourceId !== null,
    staleTime: 0,
  });
}

/** Add, upload, delete, rescan and the sync schedule, each with its success and failure toast. */
export function useSourceActions(chatbotId: string | undefined) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.chatbots.sources(chatbotId ?? '') });
  const id = () => {
    if (!chatbotId) throw new Error('Chatbot not found');
    return chatbotId;
  };

  const addWebsite = useMutation({
    mutationFn: (values: WebsiteFormValues) =>
      unwrap(client.chatbots[':chatbotId']['website-sources'].$post({ param: { chatbotId: id() }, json: websitePayload(values) })),
    onSuccess: () => added(),
    onError: (error) => toastSourceError(error, 'Failed to add content source'),
  });
  const addText = useMutation({
    mutationFn: (values: TextFormValues) =>
      unwrap(client.chatbots[':chatbotId']['website-sources'].$post({ param: { chatbotId: id() }, json: textPayload(values) })),
    onSuccess: () => added(),
    onError: (error) => toastSourceError(error, 'Failed to add content source'),
  });
  const upload = useMutation({
    mutationFn: (input: { file: File; title: string; description: string }) => uploadTextFile(id(), input),
    onSuccess: () => {
      toast({ variant: 'success', title: 'File Uploaded', description: 'File has been uploaded and processing started.' });
      return refresh();
    },
    onError: (error) => toastSourceError(error, 'Failed to upload file', 'Upload failed'),
  });
  const remove = useMutation({
    mutationFn: (sourceId: number) =>
      unwrap(client.chatbots[':chatbotId']['website-sources'][':sourceId'].$delete({ param: { chatbotId: id(), sourceId: String(sourceId) } })),
    onSuccess: () => {
      toast({ variant: 'success', title: 'Website Deleted', description: 'Website source has been removed.' });
      return refresh();
    },
    onError: (error) => toastSourceError(error, 'Failed to delete website source'),
  });
  const rescan = useMutation({
    mutationFn: (sourceId: number) =>
      unwrap(client.chatbots[':chatbotId']['website-sources'][':sourceId'].rescan.$post({ param: { chatbotId: id(), sourceId: String(sourceId) } })),
    onSuccess: () => {
      toast({ variant: 'success', title: 'Rescan Started', description: 'Website scanning has been restarted.' });
      return refresh();
    },
    onError: (error) => toastSourceError(error, 'Failed to rescan website'),
  });

  const schedule = useMutation({
    mutationFn: ({ sourceId, syncSchedule }: { sourceId: number; syncSchedule: SyncSchedule }) =>
      unwrap(
        client.chatbots[':chatbotId']['website-sources'][':sourceId'].$patch({ param: { chatbotId: id(), sourceId: String(sourceId) }, json: { syncSchedule } }),
      ),
    onSuccess: () => {
      toast({ variant: 'success', title: 'Sync Schedule Saved', description: 'The source will sync on its new schedule.' });
      return refresh();
    },
    onError: (error) => toastSourceError(error, 'Failed to change the sync schedule'),
  });

  function added() {
    toast({ variant: 'success', title: 'Content Added', description: 'Content source has been added and processing started.' });
    return refresh();
  }

  return { addWebsite, addText, upload, remove, rescan, schedule };
}

/**
 * Multipart upload. The route reads its form by hand (no validator), so the typed client has no
 * `form` argument for it; the FormData goes in as the request body (hc merges `init` over its
 * own, keeping `credentials: 'include'`) and the browser sets the multipart boundary.
 */
function uploadTextFile(chatbotId: string, { file, title, description }: { file: File; title: string; description: string }) {
  const body = new FormData();
  body.append('file', file);
  body.append('title', title.trim());
  body.append('description', description.trim());
  return unwrap(client.chatbots[':chatbotId']['upload-text-file'].$post({ param: { chatbotId } }, { init: { body } }));
}
