import { BookOpen, Bot, LifeBuoy, Plus } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button, ButtonLink } from '../../components/Button';
import { Card } from '../../components/Card';
import { PageSpinner } from '../../components/Spinner';
import { usePageMeta } from '../../lib/usePageMeta';
import { useAuth, useIsAdmin } from '../auth/useAuth';
import { ADMIN_UNLIMITED_BOTS, planLabel } from '../pricing/plans';
import { computeBotLimit } from './botLimit';
import { ChatbotCard } from './ChatbotCard';
import { useUnreadLeadCount } from '../leads/useLeads';
import { SmtpNotice } from '../leads/SmtpNotice';
import { MessageUsage } from './MessageUsage';
import { PlanLimitBanner } from './PlanLimitBanner';
import { NextStepsCard } from './NextStepsCard';
import { StatCards } from './StatCards';
import { useChatbots, useConversationCount, useCurrentSubscription, useSurveyTotals } from './useDashboardData';

/** /dashboard: greeting, stats, plan-limit banners, the owner's chatbots and quick actions. */
export function DashboardPage() {
  usePageMeta({ title: 'Dashboard - Parley' });
  const { user } = useAuth();
  const isAdmin = useIsAdmin();
  const bots = useChatbots();
  const subscription = useCurrentSubscription();
  const conversations = useConversationCount();
  const unreadLeads = useUnreadLeadCount();
  const surveys = useSurveyTotals(bots.data ?? []);

  if (bots.isLoading || !user) return <PageSpinner />;
  if (bots.isError) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-16 text-center sm:px-6 lg:px-8">
        <h1 className="text-2xl font-bold">Could not load your chatbots</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">{bots.error.message}</p>
        <Button className="mt-6" onClick={() => bots.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const list = bots.data ?? [];
  const active = list.filter((b) => b.isActive).length;
  const plan = subscription.data?.plan;
  const limit = computeBotLimit({ active, maxBots: plan?.maxBots, isAdmin });
  const planName = plan ? planLabel(plan) : '';

  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-10 sm:px-6 lg:px-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">
            Welcome back, <span data-testid="welcome-name">{user.firstName || user.email}</span>
          </h1>
          <p className="mt-2 text-slate-600 dark:text-slate-400">
            {plan ? (
              <>
                {planName} plan · {active} / {limit.cap === null ? '∞' : limit.cap} active chatbots
                {isAdmin && <span className="block text-sm">{ADMIN_UNLIMITED_BOTS}</span>}
              </>
            ) : (
              'Manage your chatbots, their content and where they live.'
            )}
          </p>
        </div>
        {limit.canCreate ? (
          <ButtonLink to="/chatbots/new">
            <Plus className="h-4 w-4" aria-hidden /> Create Chatbot
          </ButtonLink>
        ) : (
          <Button disabled title="Active chatbot limit reached">
            <Plus className="h-4 w-4" aria-hidden /> Create Chatbot
          </Button>
        )}
      </div>

      <NextStepsCard bots={list} />
      <SmtpNotice />
      <StatCards total={list.length} active={active} conversations={conversations.data ?? 0} unreadLeads={unreadLeads.data ?? 0} surveys={surveys} />
      <PlanLimitBanner limit={limit} planName={planName} />
      <MessageUsage subscription={subscription.data} />

      <section aria-labelledby="your-chatbots">
        <h2 id="your-chatbots" className="mb-4 text-xl font-semibold">
          Your Chatbots
        </h2>
        {list.length === 0 ? (
          <Card className="flex flex-col items-center px-6 py-14 text-center">
            <span className="inline-flex h-14 w-14 items-center justify-center rounded-full bg-blue-50 text-blue-600 dark:bg-blue-500/10 dark:text-blue-400">
              <Bot className="h-7 w-7" aria-hidden />
            </span>
            <h3 className="mt-4 text-lg font-semibold">No chatbots yet</h3>
            <p className="mt-1 max-w-sm text-sm text-slate-600 dark:text-slate-400">Create your first chatbot, train it on your content and embed it on your website.</p>
            {limit.canCreate && (
              <ButtonLink to="/chatbots/new" className="mt-6">
                <Plus className="h-4 w-4" aria-hidden /> Create your first chatbot
              </ButtonLink>
            )}
          </Card>
        ) : (
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {list.map((bot) => (
              <ChatbotCard key={bot.guid} bot={bot} />
            ))}
          </div>
        )}
      </section>

      <section aria-labelledby="quick-actions">
        <h2 id="quick-actions" className="mb-4 text-xl font-semibold">
          Quick Actions
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <QuickAction to="/docs" title="Documentation" text="Guides for training, embedding and configuring your chatbots." Icon={BookOpen} />
          <QuickAction to="/contact" title="Support" text="Questions or problems? Our team answers within 24 hours." Icon={LifeBuoy} />
        </div>
      </section>
    </div>
  );
}

function QuickAction({ to, title, text, Icon }: { to: string; title: string; text: string; Icon: typeof BookOpen }) {
  return (
    <Link to={to} className="group rounded-xl border border-slate-200 bg-white p-5 transition-colors hover:border-blue-300 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-blue-700">
      <div className="flex items-start gap-4">
        <span className="inline-flex h-10 w-10 items-center justify-center rounded-lg bg-slate-100 text-slate-700 group-hover:bg-blue-50 group-hover:text-blue-600 dark:bg-slate-800 dark:text-slate-300 dark:group-hover:bg-blue-500/10 dark:group-hover:text-blue-400">
          <Icon className="h-5 w-5" aria-hidden />
        </span>
        <div>
          <h3 className="font-semibold">{title}</h3>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{text}</p>
        </div>
      </div>
    </Link>
  );
}
