import { historyFlags, historySearchTerms, isIsoDate, type HistoryExportFormat, type HistoryFlag } from '@parley/contracts';
import { browserTimeZone } from '../../lib/browserTimeZone';

/** The history page's filters, as the URL keeps them (`?flags=lead,test&from=&to=&q=`). */
export type HistoryFilterState = { flags: HistoryFlag[]; from: string; to: string; q: string };

const FILTER_PARAMS = ['flags', 'from', 'to', 'q'] as const;

/** The filters in the URL; anything the server would refuse (an unknown flag, a bad date) is left out. */
export function readFilters(params: URLSearchParams): HistoryFilterState {
  const flags = (params.get('flags') ?? '').split(',').filter((f): f is HistoryFlag => (historyFlags as readonly string[]).includes(f));
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return isIsoDate(value) ? value : '';
  };
  return { flags: historyFlags.filter((f) => flags.includes(f)), from: day('from'), to: day('to'), q: params.get('q') ?? '' };
}

/** `params` with these filters in place of the old ones (other parameters stay), back on page 1. */
export function withFilters(params: URLSearchParams, filters: HistoryFilterState): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of [...FILTER_PARAMS, 'page']) next.delete(name);
  // In the flags' own order, so one filter always reads the same in the URL.
  const flags = historyFlags.filter((f) => filters.flags.includes(f));
  if (flags.length) next.set('flags', flags.join(','));
  if (filters.from) next.set('from', filters.from);
  if (filters.to) next.set('to', filters.to);
  if (filters.q.trim()) next.set('q', filters.q.trim());
  return next;
}

export function hasFilters(filters: HistoryFilterState): boolean {
  return filters.flags.length > 0 || filters.from !== '' || filters.to !== '' || searchable(filters.q);
}

/**
 * The filters as the API's query: days are the owner's own (their browser's time zone), and a
 * search with nothing to find (only punctuation) is not sent.
 */
export function filterQuery(filters: HistoryFilterState): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.flags.length) query.flags = filters.flags.join(',');
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  if (searchable(filters.q)) query.q = filters.q.trim();
  if (filters.from || filters.to) query.tz = browserTimeZone();
  return query;
}

/** The download of every conversation the filters select. */
export function sessionsExportUrl(guid: string, filters: HistoryFilterState, format: HistoryExportFormat): string {
  return `/api/chatbots/${encodeURIComponent(guid)}/sessions/export?${new URLSearchParams({ format, ...filterQuery(filters) })}`;
}

/** The download of one conversation. */
export function conversationExportUrl(sessionId: string, format: HistoryExportFormat): string {
  return `/api/chat/${encodeURIComponent(sessionId)}/export?format=${format}`;
}

function searchable(q: string): boolean {
  return historySearchTerms(q.trim()).length > 0;
}
