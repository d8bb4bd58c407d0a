import { useEffect, useRef } from 'react';
import { toast } from '../toast/toastStore';
import { sourceName } from './SourceList';
import { isScanning, type ContentSource } from './useSources';

/**
 * Toasts how a scan ended, as the polled list sees it end: "Scan failed" with the plain reason
 * when a source that was pending or scanning turns `error`, and "Nothing learned" when it
 * completes without a single page (a website) or chunk (text, file). Several endings seen in
 * one poll share one toast (the app shows one at a time), titled "Scan failed" if any failed.
 * A scan that learned something ends silently: the list shows it. Only scans watched on this
 * page are told about: sources already finished at the first load are not, while a source
 * that first appears already finished (added here and failed before the next poll) is.
 */
export function useScanOutcomeToasts(chatbotId: string, sources: ContentSource[] | undefined) {
  const previous = useRef<{ chatbotId: string; statuses: Map<number, ContentSource['status']> } | null>(null);
  useEffect(() => {
    if (!sources) return;
    // another bot's list (the page reused for a different bot) is a first load, not news
    const before = previous.current?.chatbotId === chatbotId ? previous.current.statuses : null;
    previous.current = { chatbotId, statuses: new Map(sources.map((s) => [s.id, s.status])) };
    if (!before) return;
    const ended = sources.filter((s) => {
      const was = before.get(s.id);
      return !isScanning(s) && (was === undefined || isScanning({ status: was }));
    });
    // one toast at a time on screen: the failures first, then what learned nothing, in one message
    const failed = ended.filter((s) => s.status === 'error');
    const empty = ended.filter((s) => s.status === 'completed' && learnedNothing(s));
    if (failed.length + empty.length === 0) return;
    const lines = [
      ...failed.map((s) => `${sourceName(s)}: ${s.errorMessage || 'the scan stopped with an error.'}`),
      ...empty.map((s) => `${sourceName(s)}: the scan finished but no ${s.sourceType === 'website' ? 'page' : 'text'} could be learned.`),
    ];
    toast({
      variant: 'destructive',
      title: failed.length > 0 ? 'Scan failed' : 'Nothing learned',
      description: lines.length === 1 ? lines[0] : lines.map((line) => <p key={line}>{line}</p>),
    });
  }, [chatbotId, sources]);
}

function learnedNothing(source: ContentSource) {
  return (source.sourceType === 'website' ? source.totalPages : source.totalChunks) === 0;
}
