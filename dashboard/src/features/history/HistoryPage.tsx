import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { Chatbot } from '../../lib/api';
import { ChatbotToolPage } from '../chatbots/ChatbotToolPage';
import { ConversationView } from './ConversationView';
import { readFilters, withFilters } from './historyFilters';
import { SessionList } from './SessionList';
import { useDeleteAllSessions, useDeleteSession, useSessions, type SessionListItem } from './useChatHistory';

/**
 * /chatbots/{guid}/history: the bot's conversations, filtered, one of them in detail, exporting
 * and deleting them. The URL keeps the filters and page (`?flags=&from=&to=&q=&page=`), and
 * `?session={sessionId}` opens that conversation directly (the Leads inbox links here).
 */
export function HistoryPage() {
  return (
    <ChatbotToolPage title={() => 'Chat History'} subtitle={(b) => b.name}>
      {(bot) => <ChatHistory bot={bot} />}
    </ChatbotToolPage>
  );
}

type Confirm = { kind: 'one'; session: Pick<SessionListItem, 'sessionId'> } | { kind: 'all'; count: number } | null;

function ChatHistory({ bot }: { bot: Chatbot }) {
  const { guid } = bot;
  const [selected, setSelected] = useState<SessionListItem | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [params, setParams] = useSearchParams();
  const linked = params.get('session');
  const filters = readFilters(params);
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const setPage = (next: number, replace = false) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next > 1) updated.set('page', String(next));
        else updated.delete('page');
        return updated;
      },
      { replace },
    );
  const sessions = useSessions(guid, page, filters);
  const closeAll = () => {
    setConfirm(null);
    setSelected(null);
    if (linked)
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.delete('session');
          return updated;
        },
        { replace: true },
      );
  };
  const open = selected ?? (linked ? (sessions.data?.sessions.find((s) => s.sessionId === linked) ?? { sessionId: linked }) : null);
  const deleteOne = useDeleteSession(guid, closeAll);
  const deleteAll = useDeleteAllSessions(guid, () => {
    closeAll();
    setPage(1);
  });

  // After deletions the page may lie past the end: step back to the last page that exists.
  const totalPages = sessions.data?.pagination.totalPages;
  // biome-ignore lint/correctness/useExhaustiveDependencies: setPage is rebuilt each render; page and totalPages decide
  useEffect(() => {
    if (totalPages !== undefined && page > totalPages) setPage(totalPages, true);
  }, [page, totalPages]);

  const busy = deleteOne.isPending || deleteAll.isPending;
  return (
    <>
      {open ? (
        <ConversationView
          bot={bot}
          session={open}
          deleting={busy}
          onBack={closeAll}
          onDelete={() => setConfirm({ kind: 'one', session: open })}
        />
      ) : (
        <SessionList
          guid={guid}
          query={sessions}
          filters={filters}
          onFilters={(next) => setParams((current) => withFilters(current, next))}
          onPage={setPage}
          onView={setSelected}
          onDelete={(session) => setConfirm({ kind: 'one', session })}
          onDeleteAll={(count) => setConfirm({ kind: 'all', count })}
          deleting={busy}
        />
      )}
      <ConfirmDialog
        open={confirm?.kind === 'one'}
        title="Delete Conversation"
        description="Are you sure you want to delete this conversation? Its messages will be removed. This cannot be undone."
        confirmLabel="Delete"
        destructive
        busy={deleteOne.isPending}
        onConfirm={() => confirm?.kind === 'one' && deleteOne.mutate(confirm.session.sessionId, { onError: () => setConfirm(null) })}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm?.kind === 'all'}
        title="Delete All Conversations"
        description={`Are you sure you want to delete all ${confirm?.kind === 'all' ? confirm.count : ''} conversations of this chatbot? This cannot be undone.`}
        confirmLabel="Delete All"
        destructive
        busy={deleteAll.isPending}
        onConfirm={() => deleteAll.mutate(undefined, { onError: () => setConfirm(null) })}
        onCancel={() => setConfirm(null)}
      />
    </>
  );
}
