import { BarChart3, Download } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { ButtonAnchor } from '../../components/Button';
import { Card } from '../../components/Card';
import { ErrorCard, LoadingBlock } from '../../components/QueryState';
import { serverMessage, type Chatbot } from '../../lib/api';
import { browserTimeZone } from '../../lib/browserTimeZone';
import { ChatbotToolPage } from '../chatbots/ChatbotToolPage';
import { ActivityChart } from './ActivityChart';
import { AnalyticsStatCards } from './AnalyticsStatCards';
import { AnswersChart } from './AnswersChart';
import { formatPeriod } from './analyticsFormat';
import { periodParams, readPeriod } from './analyticsPeriod';
import { HoursChart } from './HoursChart';
import { PeriodPicker } from './PeriodPicker';
import { TopQuestions } from './TopQuestions';
import { TopSources } from './TopSources';
import { UnansweredCard } from './UnansweredCard';
import { analyticsCsvUrl, useAnalytics, type Analytics } from './useAnalytics';

/**
 * /chatbots/{guid}/analytics: the bot's conversations, answers, questions and sources over a
 * period of days on the owner's clock. The address keeps the period (`?days=7` or
 * `?from=&to=`), so a view can be bookmarked or shared.
 */
export function AnalyticsPage() {
  return (
    <ChatbotToolPage title={(b) => `Analytics: ${b.name}`} subtitle={(b) => `How visitors use ${b.name}. Test-page chats are not counted.`}>
      {(bot) => <BotAnalytics key={bot.guid} bot={bot} />}
    </ChatbotToolPage>
  );
}

function BotAnalytics({ bot }: { bot: Chatbot }) {
  const [params, setParams] = useSearchParams();
  const tz = browserTimeZone();
  const { choice, period } = readPeriod(params, tz);
  const analytics = useAnalytics(bot.guid, period);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PeriodPicker choice={choice} period={period} onChange={(next) => setParams(periodParams(next), { replace: true })} />
        <ButtonAnchor href={analyticsCsvUrl(bot.guid, period)} download variant="outline" size="sm">
          <Download className="h-4 w-4" aria-hidden /> Export CSV
        </ButtonAnchor>
      </div>
      <p className="text-sm text-slate-500 dark:text-slate-400" data-testid="analytics-period">
        {formatPeriod(period.from, period.to)} · days and hours in {tz}
        {analytics.isFetching && analytics.data ? ' · Updating…' : ''}
      </p>
      <AnalyticsBody guid={bot.guid} query={analytics} />
    </div>
  );
}

function AnalyticsBody({ guid, query }: { guid: string; query: ReturnType<typeof useAnalytics> }) {
  if (query.isLoading) return <LoadingBlock label="Loading analytics" />;
  if (query.isError || !query.data) {
    return <ErrorCard title="Error Loading Analytics" message={serverMessage(query.error?.cause, 'Failed to load analytics. Please try again later.')} onRetry={() => query.refetch()} />;
  }
  const data: Analytics = query.data;
  if (data.totals.conversations === 0 && data.totals.visitorQuestions === 0) {
    return (
      <Card className="flex flex-col items-center p-10 text-center" data-testid="analytics-empty">
        <BarChart3 className="h-10 w-10 text-slate-400" aria-hidden />
        <h2 className="mt-4 text-lg font-semibold">No conversations in this period</h2>
        <p className="mt-1 max-w-md text-sm text-slate-600 dark:text-slate-400">
          When visitors ask your chatbot something on these days, their conversations are counted here. Pick a longer period to look further back.
        </p>
      </Card>
    );
  }
  return (
    <div className="space-y-6">
      <AnalyticsStatCards analytics={data} />
      <UnansweredCard guid={guid} count={data.unansweredQuestions} />
      <ActivityChart daily={data.daily} />
      <div className="grid gap-6 lg:grid-cols-2">
        <HoursChart busiestHours={data.busiestHours} weekdayHours={data.weekdayHours} tz={data.range.tz} />
        <AnswersChart answers={data.answers} />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <TopQuestions questions={data.topQuestions} />
        <TopSources sources={data.topSources} />
      </div>
    </div>
  );
}
