import { useState } from 'react';
import { Card } from '../../components/Card';
import { ErrorCard, LoadingBlock } from '../../components/QueryState';
import { ADMIN_ACTION_LABELS, ADMIN_ACTION_TYPES, planLabel, type AdminActionType } from '@parley/contracts';
import { HistoryPagination } from '../history/HistoryPagination';
import { formatDateTime } from '../history/historyFormat';
import { usePlans } from '../pricing/plans';
import { useAdminActions, type AdminAction } from './useAdmin';

/** The admin log, newest first: when, who, what in plain words, to whom, and the details. */
export function AdminActivity() {
  const [page, setPage] = useState(1);
  const actions = useAdminActions(page);
  const plans = usePlans().data ?? [];
  const planName = (id: unknown) => {
    const plan = plans.find((p) => p.id === id);
    return plan ? planLabel(plan) : String(id);
  };

  return (
    <Card className="p-6" data-testid="admin-activity">
      <h2 className="text-lg font-semibold">Admin activity</h2>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">Every plan change, default chatbot and deactivation, newest first.</p>
      {actions.isLoading ? (
        <LoadingBlock label="Loading admin activity" />
      ) : actions.isError || !actions.data ? (
        <div className="mt-4">
          <ErrorCard title="Error Loading Activity" message="Failed to load the admin log. Please try again." onRetry={() => actions.refetch()} />
        </div>
      ) : actions.data.actions.length === 0 ? (
        <p className="mt-6 text-sm text-slate-500 dark:text-slate-400">No admin actions yet.</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase dark:border-slate-800 dark:text-slate-400">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">Time</th>
                <th scope="col" className="py-2 pr-3 font-medium">Admin</th>
                <th scope="col" className="py-2 pr-3 font-medium">Action</th>
                <th scope="col" className="py-2 pr-3 font-medium">Target</th>
                <th scope="col" className="py-2 font-medium">Details</th>
              </tr>
            </thead>
            <tbody>
              {actions.data.actions.map((entry) => (
                <tr key={entry.id} className="border-b border-slate-100 align-top dark:border-slate-800" data-testid="admin-action">
                  <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(entry.createdAt)}</td>
                  <td className="py-2 pr-3">{entry.adminEmail}</td>
                  <td className="py-2 pr-3 font-medium">{actionLabel(entry.action)}</td>
                  <td className="py-2 pr-3">{targetText(entry)}</td>
                  <td className="py-2 text-slate-600 dark:text-slate-400">{detailsText(entry, planName)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {actions.data && actions.data.pagination.totalPages > 1 && (
        <div className="mt-4">
          <HistoryPagination pagination={actions.data.pagination} onPage={setPage} />
        </div>
      )}
    </Card>
  );
}

/** An action this dashboard does not know yet (a newer server) is shown by its name. */
function actionLabel(action: string): string {
  return (ADMIN_ACTION_TYPES as readonly string[]).includes(action) ? ADMIN_ACTION_LABELS[action as AdminActionType] : action;
}

/** The bot (as named now, else as logged) and its owner, or the account. */
function targetText(entry: AdminAction): string {
  const details = entry.details as Record<string, unknown>;
  const bot = entry.targetChatbotName ?? text(details.botName) ?? text(details.toChatbotName);
  const owner = entry.targetEmail ?? text(details.ownerEmail);
  if (bot) return owner ? `${bot} (${owner})` : bot;
  return owner ?? '–';
}

function detailsText(entry: AdminAction, planName: (id: unknown) => string): string {
  const details = entry.details as Record<string, unknown>;
  switch (entry.action) {
    case 'change_plan':
      return `${planName(details.fromPlanId)} → ${planName(details.toPlanId)}`;
    case 'set_default_chatbot':
      return `Was: ${text(details.fromChatbotName) ?? 'none'}`;
    case 'deactivate_chatbot':
      return `Reason: ${text(details.reason) ?? '–'}`;
    default:
      return '';
  }
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
