import { ChevronDown, Search } from 'lucide-react';
import { Fragment, useState } from 'react';
import { Badge } from '../../components/Badge';
import { Card } from '../../components/Card';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Input, Select } from '../../components/Input';
import { ErrorCard, LoadingBlock } from '../../components/QueryState';
import { planLabel } from '@parley/contracts';
import { cn } from '../../lib/cn';
import { HistoryPagination } from '../history/HistoryPagination';
import { usePlans } from '../pricing/plans';
import { AccountChatbots } from './AccountChatbots';
import { useAdminAccounts, useChangePlan, type AdminAccount } from './useAdmin';
import { useDebouncedValue } from './useDebouncedValue';

type PendingChange = { account: AdminAccount; planId: string; planName: string };

/**
 * Every account (50 a page, searchable by email or name) with its plan, status, this period's
 * messages and active bots against the plan's caps. A row's plan select changes the plan after
 * a confirmation; opening a row lists its bots.
 */
export function AccountsTable() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const term = useDebouncedValue(search.trim());
  const accounts = useAdminAccounts(term, page);
  const plans = usePlans().data ?? [];
  const [openId, setOpenId] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingChange | null>(null);
  const changePlan = useChangePlan();

  function confirm() {
    if (!pending) return;
    changePlan.mutate({ userId: pending.account.id, planId: pending.planId }, { onSettled: () => setPending(null) });
  }

  return (
    <Card className="p-6" data-testid="admin-accounts">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 className="text-lg font-semibold">Accounts</h2>
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
            {accounts.data ? `${accounts.data.pagination.totalCount} account${accounts.data.pagination.totalCount === 1 ? '' : 's'}` : 'Plans, usage and chatbots of every account.'}
          </p>
        </div>
        <div className="relative w-full sm:w-72">
          <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
          <Input
            type="search"
            aria-label="Search accounts"
            className="pl-9"
            placeholder="Search by email or name"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </div>
      </div>
      {accounts.isLoading ? (
        <LoadingBlock label="Loading accounts" />
      ) : accounts.isError || !accounts.data ? (
        <div className="mt-4">
          <ErrorCard title="Error Loading Accounts" message="Failed to load accounts. Please try again." onRetry={() => accounts.refetch()} />
        </div>
      ) : accounts.data.accounts.length === 0 ? (
        <p className="mt-6 text-sm text-slate-500 dark:text-slate-400">No account matches.</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase dark:border-slate-800 dark:text-slate-400">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  <span className="sr-only">Chatbots</span>
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">Email</th>
                <th scope="col" className="py-2 pr-3 font-medium">Name</th>
                <th scope="col" className="py-2 pr-3 font-medium">Plan</th>
                <th scope="col" className="py-2 pr-3 font-medium">Status</th>
                <th scope="col" className="py-2 pr-3 font-medium">Messages</th>
                <th scope="col" className="py-2 font-medium">Active bots</th>
              </tr>
            </thead>
            <tbody>
              {accounts.data.accounts.map((account) => {
                const open = openId === account.id;
                return (
                  <Fragment key={account.id}>
                    <tr className="border-b border-slate-100 align-middle dark:border-slate-800" data-testid="account-row" data-email={account.email}>
                      <td className="py-2 pr-3">
                        <button
                          type="button"
                          aria-expanded={open}
                          aria-controls={`account-${account.id}-bots`}
                          aria-label={`${open ? 'Hide' : 'Show'} chatbots of ${account.email}`}
                          onClick={() => setOpenId(open ? null : account.id)}
                          className="rounded-md p-1 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
                        >
                          <ChevronDown className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} aria-hidden />
                        </button>
                      </td>
                      <td className="max-w-[16rem] truncate py-2 pr-3 font-medium">
                        {account.email} {account.isAdmin && <Badge tone="purple">Admin</Badge>}
                      </td>
                      <td className="py-2 pr-3">{account.name ?? <span className="text-slate-400">–</span>}</td>
                      <td className="py-2 pr-3">
                        <Select
                          aria-label={`Plan of ${account.email}`}
                          className="min-w-28 py-1"
                          value={account.plan.id}
                          disabled={changePlan.isPending}
                          onChange={(e) => {
                            const plan = plans.find((p) => p.id === e.target.value);
                            if (plan) setPending({ account, planId: plan.id, planName: planLabel(plan) });
                          }}
                        >
                          {(plans.length ? plans : [account.plan]).map((plan) => (
                            <option key={plan.id} value={plan.id}>
                              {planLabel(plan)}
                            </option>
                          ))}
                        </Select>
                      </td>
                      <td className="py-2 pr-3">
                        <StatusBadge status={account.status} cancelAtPeriodEnd={account.cancelAtPeriodEnd} />
                      </td>
                      <td className="py-2 pr-3 whitespace-nowrap">
                        {count(account.messagesUsedThisMonth)} / {cap(account.maxMessagesPerMonth)}
                      </td>
                      <td className="py-2 whitespace-nowrap">
                        {account.activeBots} / {cap(account.maxBots)}
                        {account.totalBots > account.activeBots && <span className="text-slate-500 dark:text-slate-400"> ({account.totalBots} in all)</span>}
                      </td>
                    </tr>
                    {open && (
                      <tr id={`account-${account.id}-bots`}>
                        <td colSpan={7} className="bg-slate-50 px-3 py-3 dark:bg-slate-950/40">
                          <AccountChatbots userId={account.id} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {accounts.data && accounts.data.pagination.totalPages > 1 && (
        <div className="mt-4">
          <HistoryPagination pagination={accounts.data.pagination} onPage={setPage} />
        </div>
      )}
      <ConfirmDialog
        open={pending !== null}
        title="Change plan?"
        description={pending ? `Put ${pending.account.email} on the ${pending.planName} plan now, without payment? The change is logged.` : ''}
        confirmLabel={changePlan.isPending ? 'Changing...' : 'Change plan'}
        busy={changePlan.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </Card>
  );
}

function StatusBadge({ status, cancelAtPeriodEnd }: { status: string; cancelAtPeriodEnd: boolean }) {
  const tone = status === 'active' || status === 'trialing' ? 'green' : status === 'canceled' ? 'gray' : 'amber';
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge tone={tone}>{status.replace(/_/g, ' ')}</Badge>
      {cancelAtPeriodEnd && <Badge tone="amber">ends at period end</Badge>}
    </span>
  );
}

const count = (n: number) => n.toLocaleString('en-US');
/** -1 is unlimited. */
const cap = (n: number) => (n < 0 ? 'Unlimited' : count(n));
