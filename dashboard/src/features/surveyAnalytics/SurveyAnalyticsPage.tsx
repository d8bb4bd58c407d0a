import { formatCompletionRate, formatCompletionTime, SURVEY_MESSAGES } from '@parley/contracts';
import { BarChart3, CheckCircle2, ClipboardList, Clock, Info, MessageSquareText, PieChart } from 'lucide-react';
import { Badge } from '../../components/Badge';
import { ButtonLink } from '../../components/Button';
import { Card } from '../../components/Card';
import { ErrorCard, LoadingBlock } from '../../components/QueryState';
import { StatCard, type Stat } from '../../components/StatCard';
import { ToolPageFrame } from '../../components/ToolPageFrame';
import { serverMessage, type Chatbot } from '../../lib/api';
import { ChatbotToolPage } from '../chatbots/ChatbotToolPage';
import { SurveyBreakdownCard } from './SurveyBreakdownCard';
import { useSurveyAnalytics, type SurveyAnalyticsData } from './useSurveyAnalytics';

/**
 * /chatbots/{guid}/survey-analytics: how many responses the bot's surveys got, how many were
 * finished and how fast, and what visitors answered to each question.
 */
export function SurveyAnalyticsPage() {
  return <ChatbotToolPage title={(b) => `Survey Analytics: ${b.name}`}>{(bot) => <BotSurveyAnalytics key={bot.guid} bot={bot} />}</ChatbotToolPage>;
}

function BotSurveyAnalytics({ bot }: { bot: Chatbot }) {
  const query = useSurveyAnalytics(bot.guid);
  return (
    <ToolPageFrame
      title={`Survey Analytics: ${bot.name}`}
      badge={<Badge tone={bot.isActive ? 'green' : 'gray'}>{bot.isActive ? 'Active' : 'Inactive'}</Badge>}
      subtitle="Responses to your chatbot's surveys and the answers to each question. Unfinished responses count when the survey saves partial responses."
      actions={
        <>
          <ButtonLink to={`/chatbots/${bot.guid}/analytics`} variant="outline" size="sm">
            <BarChart3 className="h-4 w-4" aria-hidden /> Conversation Analytics
          </ButtonLink>
          <ButtonLink to={`/chatbots/${bot.guid}/surveys`} variant="outline" size="sm">
            <ClipboardList className="h-4 w-4" aria-hidden /> Survey Builder
          </ButtonLink>
        </>
      }
    >
      <SurveyAnalyticsBody guid={bot.guid} query={query} />
    </ToolPageFrame>
  );
}

function SurveyAnalyticsBody({ guid, query }: { guid: string; query: ReturnType<typeof useSurveyAnalytics> }) {
  if (query.isLoading) return <LoadingBlock label="Loading survey analytics" />;
  if (query.isError || !query.data) {
    return (
      <ErrorCard
        title="Error Loading Survey Analytics"
        message={serverMessage(query.error?.cause, 'Failed to load survey analytics. Please try again later.')}
        onRetry={() => query.refetch()}
      />
    );
  }
  const data = query.data;
  const empty = data.totalSurveys === 0 || data.totalResponses === 0;
  return (
    <div className="space-y-6">
      {data.testResponses > 0 && <TestResponsesNote count={data.testResponses} />}
      {empty ? (
        <NoSurveyData guid={guid} hasSurveys={data.totalSurveys > 0} />
      ) : (
        <>
          <SurveyStatCards analytics={data} />
          {data.surveyBreakdown.map((survey) => (
            <SurveyBreakdownCard key={survey.surveyId} survey={survey} />
          ))}
        </>
      )}
    </div>
  );
}

/** The bot's headline figures over every survey. */
function SurveyStatCards({ analytics }: { analytics: SurveyAnalyticsData }) {
  const active = analytics.surveyBreakdown.filter((s) => s.status === 'active').length;
  const completed = analytics.surveyBreakdown.reduce((sum, s) => sum + s.completedResponses, 0);
  const stats: Stat[] = [
    { id: 'total-surveys', label: 'Total Surveys', value: count(analytics.totalSurveys), note: `${count(active)} active`, Icon: ClipboardList },
    { id: 'total-responses', label: 'Total Responses', value: count(analytics.totalResponses), note: `${count(completed)} completed`, Icon: MessageSquareText },
    {
      id: 'completion-rate',
      label: 'Completion Rate',
      value: formatCompletionRate(analytics.completionRate),
      note: 'Responses finished to the last question',
      Icon: CheckCircle2,
    },
    {
      id: 'avg-completion-time',
      label: 'Avg. Completion Time',
      value: completed > 0 ? formatCompletionTime(analytics.averageCompletionTime) : '–',
      note: completed > 0 ? 'From the first question to the last' : 'No completed responses yet',
      Icon: Clock,
    },
  ];
  return (
    <div className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-4">
      {stats.map((stat) => (
        <StatCard key={stat.id} {...stat} />
      ))}
    </div>
  );
}

/** Test-page chats are left out of every figure; saying how many explains a survey the owner just tried. */
function TestResponsesNote({ count: n }: { count: number }) {
  return (
    <p className="flex items-start gap-2 rounded-lg border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-900 dark:border-blue-900 dark:bg-blue-950/40 dark:text-blue-200" data-testid="test-responses-note">
      <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      {n === 1 ? '1 response from the Test page is not counted' : `${count(n)} responses from the Test page are not counted`}
    </p>
  );
}

function NoSurveyData({ guid, hasSurveys }: { guid: string; hasSurveys: boolean }) {
  return (
    <Card className="flex flex-col items-center p-10 text-center" data-testid="survey-analytics-empty">
      <PieChart className="h-10 w-10 text-slate-400" aria-hidden />
      <h2 className="mt-4 text-lg font-semibold">{SURVEY_MESSAGES.noData}</h2>
      <p className="mt-1 max-w-md text-sm text-slate-600 dark:text-slate-400">
        {hasSurveys
          ? 'None of your surveys has a response yet. Activate a survey and start it from a home-screen topic or quick action; its responses are counted here.'
          : 'Create a survey for your chatbot to conduct in the chat; its responses and answers are counted here.'}
      </p>
      <ButtonLink to={`/chatbots/${guid}/surveys`} size="sm" className="mt-5">
        <ClipboardList className="h-4 w-4" aria-hidden /> {hasSurveys ? 'Open the Survey Builder' : 'Create a survey'}
      </ButtonLink>
    </Card>
  );
}

function count(n: number): string {
  return n.toLocaleString('en-US');
}
