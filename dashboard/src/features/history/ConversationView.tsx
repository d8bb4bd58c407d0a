import { ArrowLeft, MessageSquare, Trash2, UserCheck } from 'lucide-react';
import type { ChatMessage } from '@parley/contracts';
import type { TranscriptEntry } from '../../../../sdk/src/transcript/ChatTranscript';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Spinner } from '../../components/Spinner';
import { ApiError, type Chatbot } from '../../lib/api';
import { BotTranscript } from '../widget/BotTranscript';
import { ExportMenu } from './ExportMenu';
import { conversationExportUrl } from './historyFilters';
import { formatDate, formatTime, shortSessionId } from './historyFormat';
import { useSessionMessages, type SessionListItem } from './useChatHistory';

/** A conversation picked from the list carries its totals; one opened by link has only its id. */
type Props = {
  bot: Chatbot;
  session: Pick<SessionListItem, 'sessionId'> & Partial<SessionListItem>;
  deleting: boolean;
  onBack: () => void;
  onDelete: () => void;
};

/**
 * The detail view: the conversation drawn by the widget's own components (as the visitor saw
 * it, with their choices, votes and sent forms), inside a shadow root so the widget's styles and
 * the dashboard's stay apart. Visitor right, bot left.
 */
export function ConversationView({ bot, session, deleting, onBack, onDelete }: Props) {
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
            {session.isTest && <Badge tone="gray">Test</Badge>}
          </div>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Session <span className="font-mono">{shortSessionId(session.sessionId)}</span> · {messageCount} message
            {messageCount === 1 ? '' : 's'}
            {startedAt ? ` · Started ${formatDate(startedAt)} ${formatTime(startedAt)}` : ''}
          </p>
          {session.identity && <IdentifiedUser identity={session.identity} />}
        </div>
        <div className="flex gap-2">
          <ExportMenu urlFor={(format) => conversationExportUrl(session.sessionId, format)} title="Download this conversation" />
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
        ) : !messages.data?.some((m) => m.messageType !== 'system' || isLead(m.metadata)) ? (
          <div className="flex flex-col items-center py-10 text-center text-slate-600 dark:text-slate-400">
            <MessageSquare className="h-8 w-8" aria-hidden />
            <p className="mt-2 text-sm">No messages in this conversation</p>
          </div>
        ) : (
          <BotTranscript bot={bot} messages={messages.data as ChatMessage[]} testId="conversation-transcript" entryProps={testIds} />
        )}
      </div>
    </Card>
  );
}

/** The site's signed-in user the visitor proved to be (verified identity). */
function IdentifiedUser({ identity }: { identity: NonNullable<SessionListItem['identity']> }) {
  const rows: [string, string][] = [['User ID', identity.userId]];
  if (identity.name) rows.push(['Name', identity.name]);
  if (identity.email) rows.push(['Email', identity.email]);
  return (
    <section className="mt-3 rounded-lg border border-violet-200 bg-violet-50 px-3 py-2 text-sm dark:border-violet-500/30 dark:bg-violet-500/10" aria-label="Signed-in user" data-testid="identified-user">
      <p className="flex items-center gap-1.5 font-medium text-violet-800 dark:text-violet-300">
        <UserCheck className="h-4 w-4" aria-hidden /> Signed-in user (verified)
      </p>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="min-w-0 break-all text-slate-900 dark:text-slate-100">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The test ids the browser tests find messages and leads by (their locators reach into open shadow roots). */
function testIds(entry: TranscriptEntry): Record<`data-${string}`, string> {
  return { 'data-testid': entry.kind === 'lead' ? 'history-lead' : 'history-message' };
}

function isLead(metadata: unknown): boolean {
  return typeof (metadata as { formSubmissionId?: unknown } | null)?.formSubmissionId === 'number';
}
