import { ArrowLeft, Download, Inbox, MailCheck, MailX, MessageSquare, Trash2 } from 'lucide-react';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Spinner } from '../../components/Spinner';
import { ApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { formatDate, formatDateTime, formatTime, shortSessionId } from './historyFormat';
import { internalMessageOf, richSummary } from './richSummary';
import { leadOf, useSessionMessages, type HistoryMessage, type HistoryLead, type SessionListItem } from './useChatHistory';
import { LeadFields } from '../leads/LeadFields';

/** A conversation picked from the list carries its totals; one opened by link has only its id. */
type Props = {
  session: Pick<SessionListItem, 'sessionId'> & Partial<SessionListItem>;
  deleting: boolean;
  onBack: () => void;
  onDelete: () => void;
};

/** The detail view: one conversation message by message (visitor right, bot left), leads as cards. */
export function ConversationView({ session, deleting, onBack, onDelete }: Props) {
  const messages = useSessionMessages(session.sessionId);
  const messageCount = session.messageCount ?? messages.data?.length ?? 0;
  const startedAt = session.createdAt ?? messages.data?.[0]?.createdAt;
  return (
    <Card className="p-6">
      <div className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-200 pb-4 dark:border-slate-800">
        <div>
          <Button variant="ghost" size="sm" onClick={onBack} className="-ml-3">
            <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Sessions
          </Button>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <h2 className="text-xl font-semibold">Conversation Details</h2>
            {session.isTest && <Badge tone="amber">Test</Badge>}
          </div>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Session <span className="font-mono">{shortSessionId(session.sessionId)}</span> · {messageCount} message
            {messageCount === 1 ? '' : 's'}
            {startedAt ? ` · Started ${formatDate(startedAt)} ${formatTime(startedAt)}` : ''}
          </p>
        </div>
        <div className="flex gap-2">
          {/* Export is part of the screen but has no behaviour yet (spec: a disabled Export button). */}
          <Button variant="outline" size="sm" disabled>
            <Download className="h-4 w-4" aria-hidden /> Export
          </Button>
          <Button variant="destructive" size="sm" onClick={onDelete} disabled={deleting}>
            <Trash2 className="h-4 w-4" aria-hidden /> Delete Session
          </Button>
        </div>
      </div>
      <div className="pt-4">
        {messages.isLoading ? (
          <div className="flex justify-center py-10">
            <Spinner label="Loading messages" />
          </div>
        ) : messages.error instanceof ApiError && messages.error.status === 404 ? (
          // A lead outlives its conversation: the Leads inbox still links to a deleted one.
          <p role="alert" className="py-10 text-center text-sm text-slate-600 dark:text-slate-400" data-testid="conversation-deleted">
            This conversation was deleted. Its lead is still in your Leads inbox.
          </p>
        ) : messages.isError ? (
          <p role="alert" className="py-10 text-center text-sm text-red-600 dark:text-red-400">
            Failed to load messages. Please try again later.
          </p>
        ) : !messages.data?.length ? (
          <div className="flex flex-col items-center py-10 text-center text-slate-600 dark:text-slate-400">
            <MessageSquare className="h-8 w-8" aria-hidden />
            <p className="mt-2 text-sm">No messages in this conversation</p>
          </div>
        ) : (
          <ol className="space-y-4" aria-label="Messages">
            {messages.data.map((m) => (
              <MessageItem key={m.id} message={m} />
            ))}
          </ol>
        )}
      </div>
    </Card>
  );
}

function MessageItem({ message }: { message: HistoryMessage }) {
  const lead = leadOf(message);
  if (lead) return <LeadItem lead={lead} createdAt={message.createdAt} />;
  const fromUser = message.sender === 'user';
  const rich = !fromUser && message.messageType !== 'text';
  const summary = rich || message.metadata?.quickReplies ? richSummary(message.messageType, message.metadata) : [];
  const asked = fromUser ? internalMessageOf(message.content, message.metadata) : '';
  return (
    <li className={cn('flex', fromUser ? 'justify-end' : 'justify-start')} data-testid="history-message" data-sender={message.sender}>
      <div className={cn('max-w-[80%]', fromUser && 'text-right')}>
        <div className={cn('mb-1 flex items-center gap-2 text-xs text-slate-500 dark:text-slate-400', fromUser && 'justify-end')}>
          <span className="font-medium">{fromUser ? 'User' : 'Bot'}</span>
          {rich && <Badge tone="purple">{message.messageType}</Badge>}
          <time dateTime={message.createdAt} title={formatDateTime(message.createdAt)}>
            {formatTime(message.createdAt)}
          </time>
        </div>
        <div
          className={cn(
            'inline-block rounded-2xl px-4 py-2 text-left text-sm whitespace-pre-wrap wrap-anywhere',
            fromUser ? 'bg-blue-600 text-white dark:bg-blue-500' : 'bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100',
          )}
        >
          {message.content}
          {summary.length > 0 && (
            <ul className="mt-2 space-y-0.5 border-t border-slate-300 pt-2 text-xs text-slate-600 dark:border-slate-700 dark:text-slate-300">
              {summary.map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines derived from one stored message; they never reorder
                <li key={i}>{line}</li>
              ))}
            </ul>
          )}
        </div>
        {asked && (
          <p className="mt-1 text-xs whitespace-pre-wrap wrap-anywhere text-slate-500 dark:text-slate-400" data-testid="internal-message">
            {`Asked the bot: ${asked}`}
          </p>
        )}
      </div>
    </li>
  );
}

/** A form the visitor sent, shown where it happened in the conversation. */
function LeadItem({ lead, createdAt }: { lead: HistoryLead; createdAt: string }) {
  return (
    <li className="flex justify-end" data-testid="history-lead">
      <div className="w-full max-w-[80%] rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm dark:border-emerald-900 dark:bg-emerald-950/40">
        <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-300">
          <Inbox className="h-4 w-4 text-emerald-700 dark:text-emerald-400" aria-hidden />
          <Badge tone="green">Lead</Badge>
          <span className="font-medium text-slate-900 dark:text-slate-100">{lead.formTitle}</span>
          <time dateTime={createdAt} title={formatDateTime(createdAt)} className="ml-auto">
            {formatTime(createdAt)}
          </time>
        </div>
        <LeadFields fields={lead.fields} className="mt-3" />
        <p className="mt-3 flex items-center gap-1.5 text-xs text-slate-600 dark:text-slate-300" data-testid="history-lead-email">
          {lead.emailSent ? <MailCheck className="h-3.5 w-3.5" aria-hidden /> : <MailX className="h-3.5 w-3.5" aria-hidden />}
          {lead.emailSent ? 'Emailed to you' : 'Not emailed (kept in your Leads inbox)'}
        </p>
      </div>
    </li>
  );
}
