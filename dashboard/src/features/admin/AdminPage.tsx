import { ShieldAlert } from 'lucide-react';
import { PageSpinner } from '../../components/Spinner';
import { EmptyCard } from '../../components/QueryState';
import { ToolPageFrame } from '../../components/ToolPageFrame';
import { usePageMeta } from '../../lib/usePageMeta';
import { useAdminStatus } from '../auth/useAuth';
import { AccountsTable } from './AccountsTable';
import { AdminActivity } from './AdminActivity';
import { DefaultChatbotCard } from './DefaultChatbotCard';

/**
 * /admin: the default public chatbot, every account with its plan and usage (change a plan,
 * deactivate an abusive bot) and the log of what administrators did. Signed-in non-admins see
 * "Administrators only"; the API refuses them too.
 */
export function AdminPage() {
  usePageMeta({ title: 'Admin - Parley' });
  const { isAdmin, isLoading } = useAdminStatus();
  if (isLoading) return <PageSpinner />;
  if (!isAdmin) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <EmptyCard icon={ShieldAlert} iconClassName="text-amber-500" title="Administrators only" testId="admin-only">
          This page is for the administrators of this Parley install. Ask one of them if you need something changed.
        </EmptyCard>
      </div>
    );
  }
  return (
    <ToolPageFrame title="Admin" subtitle="Pick the default public chatbot, manage accounts and plans, and stop abusive chatbots. Every action is logged.">
      <DefaultChatbotCard />
      <AccountsTable />
      <AdminActivity />
    </ToolPageFrame>
  );
}
