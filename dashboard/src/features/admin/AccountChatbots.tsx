import { useState } from 'react';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { formatDateTime } from '../history/historyFormat';
import { DeactivateDialog } from './DeactivateDialog';
import { useAccountChatbots, useDeactivateChatbot, useReactivateChatbot, type AdminChatbot } from './useAdmin';

/** An account's bots, opened from its row: Deactivate (with a reason) and, for admin-disabled ones, Reactivate. */
export function AccountChatbots({ userId }: { userId: string }) {
  const bots = useAccountChatbots(userId);
  const [target, setTarget] = useState<AdminChatbot | null>(null);
  const deactivate = useDeactivateChatbot();
  const reactivate = useReactivateChatbot();

  if (bots.isLoading) return <Spinner className="h-5 w-5" label="Loading chatbots" />;
  if (bots.isError || !bots.data) return <p className="text-sm text-red-600 dark:text-red-400">Failed to load this account's chatbots.</p>;
  if (bots.data.length === 0) return <p className="text-sm text-slate-500 dark:text-slate-400">No chatbots.</p>;

  return (
    <>
      <ul className="space-y-2" aria-label="Chatbots of this account">
        {bots.data.map((bot) => (
          <li key={bot.guid} className="flex flex-wrap items-center justify-between gap-2" data-testid="admin-bot" data-guid={bot.guid}>
            <div className="flex min-w-0 flex-wrap items-center gap-2">
              <span className="truncate font-medium">{bot.name}</span>
              <BotState bot={bot} />
            </div>
            {bot.disabledByAdminAt ? (
              <Button variant="outline" size="sm" disabled={reactivate.isPending} onClick={() => reactivate.mutate(bot.guid)}>
                Reactivate
              </Button>
            ) : (
              <Button
                variant="destructive"
                size="sm"
                disabled={bot.isPublicDefault}
                title={bot.isPublicDefault ? 'Pick another default public chatbot first' : undefined}
                onClick={() => setTarget(bot)}
              >
                Deactivate
              </Button>
            )}
          </li>
        ))}
      </ul>
      <DeactivateDialog
        bot={target}
        busy={deactivate.isPending}
        onCancel={() => setTarget(null)}
        onConfirm={(reason) => {
          if (target) deactivate.mutate({ guid: target.guid, reason }, { onSuccess: () => setTarget(null) });
        }}
      />
    </>
  );
}

function BotState({ bot }: { bot: AdminChatbot }) {
  return (
    <>
      {bot.disabledByAdminAt ? (
        <Badge tone="red" title={`Deactivated by an administrator on ${formatDateTime(bot.disabledByAdminAt)}`}>
          Disabled by admin
        </Badge>
      ) : bot.isActive ? (
        <Badge tone="green">Active</Badge>
      ) : (
        <Badge tone="gray">Inactive</Badge>
      )}
      {bot.isPublicDefault && <Badge tone="blue">Default public chatbot</Badge>}
    </>
  );
}
