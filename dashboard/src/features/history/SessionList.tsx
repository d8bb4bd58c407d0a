import type { UseQueryResult } from '@tanstack/react-query';
import { Clock, Eye, MessageSquare, MessagesSquare, SearchX, Trash2, TrendingUp, UserCheck } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { HISTORY_FLAG_LABELS, type HistoryFlag } from '@parley/contracts';
import { Badge, type BadgeTone } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { ErrorCard, LoadingBlock } from '../../components/QueryState';
import { ExportMenu } from './ExportMenu';
import { HistoryFilterBar } from './HistoryFilterBar';
import { hasFilters, sessionsExportUrl, type HistoryFilterState } from './historyFilters';
import { HistoryPagination } from './HistoryPagination';
import { conversationCount, formatDate, formatDateTime, formatTime, shortSessionId } from './historyFormat';
import type { SessionListItem, SessionsPage } from './useChatHistory';

type Props = {
  guid: string;
  query: UseQueryResult<SessionsPage>;
  filters: HistoryFilterState;
  onFilters: (filters: HistoryFilterState) => void;
  onPage: (page: number) => void;
  onView: (session: SessionListItem) => void;
  onDelete: (session: SessionListItem) => void;
  onDeleteAll: (count: number) => void;
  deleting: boolean;
};

/**
 * The list view: the filter bar, then the count line, four statistics tiles, session cards and
 * page buttons, all for the conversations the filters select. Delete All removes every
 * conversation of the bot, so it is offered only while nothing is filtered out.
 */
export function SessionList({ guid, query, filters, onFilters, onPage, onView, onDelete, onDeleteAll, deleting }: Props) {
  const filtered = hasFilters(filters);
  return (
    <div className="space-y-6">
      <HistoryFilterBar filters={filters} onChange={onFilters} />
      {query.isLoading ? (
        <LoadingBlock label="Loading chat history" />
      ) : query.isError || !query.data ? (
        <ErrorCard title="Error Loading Chat History" message="Failed to load chat sessions. Please try again later." />
      ) : (
        <Sessions
          page={query.data}
          filtered={filtered}
          exportUrl={(format) => sessionsExportUrl(guid, filters, format)}
          onClear={() => onFilters({ flags: [], from: '', to: '', q: '' })}
          {...{ onPage, onView, onDelete, onDeleteAll, deleting }}
        />
      )}
    </div>
  );
}

function Sessions({
  page,
  filtered,
  exportUrl,
  onClear,
  onPage,
  onView,
  onDelete,
  onDeleteAll,
  deleting,
}: Pick<Props, 'onPage' | 'onView' | 'onDelete' | 'onDeleteAll' | 'deleting'> & {
  page: SessionsPage;
  filtered: boolean;
  exportUrl: Parameters<typeof ExportMenu>[0]['urlFor'];
  onClear: () => void;
}) {
  const { sessions, pagination, statistics } = page;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="conversation-count">
          {conversationCount(pagination.totalCount)} (Page {pagination.currentPage} of {pagination.totalPages})
        </p>
        {pagination.totalCount > 0 && (
          <div className="flex flex-wrap gap-2">
            <ExportMenu urlFor={exportUrl} title={filtered ? 'Download the conversations that match the filters' : 'Download every conversation'} />
            {!filtered && (
              <Button variant="outline" size="sm" onClick={() => onDeleteAll(pagination.totalCount)} disabled={deleting}>
                <Trash2 className="h-4 w-4" aria-hidden /> Delete All
              </Button>
            )}
          </div>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatTile Icon={MessageSquare} label="Total Messages" value={statistics.totalMessages.toLocaleString()} />
        <StatTile Icon={TrendingUp} label="Avg Messages/Chat" value={String(statistics.avgMessagesPerChat)} />
        <StatTile Icon={MessagesSquare} label="Longest Chat" value={`${statistics.longestChat} messages`} />
        <StatTile Icon={Clock} label="Latest Activity" value={statistics.latestActivity ? formatDateTime(statistics.latestActivity) : 'None'} />
      </div>
      {sessions.length === 0 ? (
        filtered ? (
          <Card className="flex flex-col items-center p-10 text-center">
            <SearchX className="h-10 w-10 text-slate-400" aria-hidden />
            <h2 className="mt-4 text-lg font-semibold">No conversations match these filters</h2>
            <Button variant="outline" size="sm" className="mt-4" onClick={onClear}>
              Clear filters
            </Button>
          </Card>
        ) : (
          <Card className="flex flex-col items-center p-10 text-center">
            <MessagesSquare className="h-10 w-10 text-slate-400" aria-hidden />
            <h2 className="mt-4 text-lg font-semibold">No conversations yet</h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">When users start chatting with your bot, their conversations will appear here.</p>
          </Card>
        )
      ) : (
        <ul className="space-y-3">
          {sessions.map((s) => (
            <li key={s.id}>
              <SessionCard session={s} onView={() => onView(s)} onDelete={() => onDelete(s)} deleting={deleting} />
            </li>
          ))}
        </ul>
      )}
      {pagination.totalPages > 1 && <HistoryPagination pagination={pagination} onPage={onPage} />}
    </>
  );
}

function StatTile({ Icon, label, value }: { Icon: ComponentType<{ className?: string }>; label: string; value: ReactNode }) {
  return (
    <Card className="p-5" data-testid={`stat-${label}`}>
      <div className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
        <Icon className="h-4 w-4" aria-hidden /> {label}
      </div>
      <p className="mt-2 text-2xl font-semibold">{value}</p>
    </Card>
  );
}

/** The badges a session card shows for its flags, in this order. */
const FLAG_BADGES: { flag: keyof SessionListItem['flags']; label: HistoryFlag; tone: BadgeTone; title: string }[] = [
  { flag: 'unanswered', label: 'unanswered', tone: 'red', title: 'The bot gave its fallback answer or handed over to its contact form' },
  { flag: 'thumbsDown', label: 'thumbs_down', tone: 'amber', title: 'The visitor voted an answer down' },
  { flag: 'lead', label: 'lead', tone: 'green', title: 'The visitor sent a form' },
  { flag: 'test', label: 'test', tone: 'gray', title: 'Started from your Test page: not counted against your monthly messages' },
];

/** "Name · email · ID user-42", leaving out what the site did not send. */
function identifiedUserLine(identity: NonNullable<SessionListItem['identity']>): string {
  return [identity.name, identity.email, `ID ${identity.userId}`].filter(Boolean).join(' · ');
}

function SessionCard({ session, onView, onDelete, deleting }: { session: SessionListItem; onView: () => void; onDelete: () => void; deleting: boolean }) {
  const short = shortSessionId(session.sessionId);
  const { flags } = session;
  return (
    <Card className="flex flex-wrap items-center justify-between gap-4 p-5" data-testid="session-card">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-medium">
            Session <span className="font-mono">{short}</span>
          </h3>
          <Badge tone="blue">
            {session.messageCount} message{session.messageCount === 1 ? '' : 's'}
          </Badge>
          {FLAG_BADGES.filter((b) => flags[b.flag]).map((b) => (
            <Badge key={b.flag} tone={b.tone} title={b.title}>
              {HISTORY_FLAG_LABELS[b.label]}
            </Badge>
          ))}
        </div>
        {session.identity && (
          <p
            className="mt-1 flex min-w-0 items-center gap-1.5 text-sm text-slate-700 dark:text-slate-300"
            title="Signed in on your site: verified identity"
            data-testid="identified-user"
          >
            <UserCheck className="h-4 w-4 shrink-0 text-violet-600 dark:text-violet-400" aria-hidden />
            <span className="sr-only">Signed-in user: </span>
            <span className="truncate">{identifiedUserLine(session.identity)}</span>
          </p>
        )}
        {session.firstQuestion && (
          <p className="mt-1 truncate text-sm font-medium text-slate-800 dark:text-slate-200" title={session.firstQuestion} data-testid="first-question">
            {session.firstQuestion}
          </p>
        )}
        {session.match && (
          <p className="mt-1 line-clamp-2 text-sm text-slate-600 dark:text-slate-400" data-testid="session-match">
            <span className="font-medium">{session.match.sender === 'user' ? 'Visitor: ' : 'Bot: '}</span>
            {session.match.parts.map((part, i) =>
              part.hit ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: parts of one snippet, never reordered
                <mark key={i} className="rounded bg-yellow-200 px-0.5 text-slate-900 dark:bg-yellow-500/40 dark:text-white">
                  {part.text}
                </mark>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: parts of one snippet, never reordered
                <span key={i}>{part.text}</span>
              ),
            )}
          </p>
        )}
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Started {formatDate(session.createdAt)} · Last activity {formatTime(session.lastMessageAt)}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" onClick={onView}>
          <Eye className="h-4 w-4" aria-hidden /> View
        </Button>
        <Button variant="ghost" size="sm" onClick={onDelete} disabled={deleting} aria-label={`Delete session ${short}`}>
          <Trash2 className="h-4 w-4 text-red-600" aria-hidden />
        </Button>
      </div>
    </Card>
  );
}
