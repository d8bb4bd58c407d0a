import type { UseQueryResult } from '@tanstack/react-query';
import { AlertCircle, Clock, Eye, MessageSquare, MessagesSquare, Trash2, TrendingUp } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Spinner } from '../../components/Spinner';
import { HistoryPagination } from './HistoryPagination';
import { conversationCount, formatDate, formatDateTime, formatTime, shortSessionId } from './historyFormat';
import type { SessionListItem, SessionsPage } from './useChatHistory';

type Props = {
  query: UseQueryResult<SessionsPage>;
  onPage: (page: number) => void;
  onView: (session: SessionListItem) => void;
  onDelete: (session: SessionListItem) => void;
  onDeleteAll: (count: number) => void;
  deleting: boolean;
};

/** The list view: count line, four statistics tiles, session cards and page buttons. */
export function SessionList({ query, onPage, onView, onDelete, onDeleteAll, deleting }: Props) {
  if (query.isLoading) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="h-8 w-8" label="Loading chat history" />
      </div>
    );
  }
  if (query.isError || !query.data) {
    return (
      <Card className="flex flex-col items-center p-10 text-center" role="alert">
        <AlertCircle className="h-10 w-10 text-red-500" aria-hidden />
        <h2 className="mt-4 text-lg font-semibold">Error Loading Chat History</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Failed to load chat sessions. Please try again later.</p>
      </Card>
    );
  }
  const { sessions, pagination, statistics } = query.data;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="conversation-count">
          {conversationCount(pagination.totalCount)} (Page {pagination.currentPage} of {pagination.totalPages})
        </p>
        {pagination.totalCount > 0 && (
          <Button variant="outline" size="sm" onClick={() => onDeleteAll(pagination.totalCount)} disabled={deleting}>
            <Trash2 className="h-4 w-4" aria-hidden /> Delete All
          </Button>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatTile Icon={MessageSquare} label="Total Messages" value={statistics.totalMessages.toLocaleString()} />
        <StatTile Icon={TrendingUp} label="Avg Messages/Chat" value={String(statistics.avgMessagesPerChat)} />
        <StatTile Icon={MessagesSquare} label="Longest Chat" value={`${statistics.longestChat} messages`} />
        <StatTile Icon={Clock} label="Latest Activity" value={statistics.latestActivity ? formatDateTime(statistics.latestActivity) : 'None'} />
      </div>
      {sessions.length === 0 ? (
        <Card className="flex flex-col items-center p-10 text-center">
          <MessagesSquare className="h-10 w-10 text-slate-400" aria-hidden />
          <h2 className="mt-4 text-lg font-semibold">No conversations yet</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">When users start chatting with your bot, their conversations will appear here.</p>
        </Card>
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
    </div>
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

function SessionCard({ session, onView, onDelete, deleting }: { session: SessionListItem; onView: () => void; onDelete: () => void; deleting: boolean }) {
  const short = shortSessionId(session.sessionId);
  return (
    <Card className="flex flex-wrap items-center justify-between gap-4 p-5" data-testid="session-card">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-medium">
            Session <span className="font-mono">{short}</span>
          </h3>
          <Badge tone="blue">
            {session.messageCount} message{session.messageCount === 1 ? '' : 's'}
          </Badge>
          {session.isTest && (
            <Badge tone="amber" title="Started from your Test page: not counted against your monthly messages">
              Test
            </Badge>
          )}
        </div>
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
