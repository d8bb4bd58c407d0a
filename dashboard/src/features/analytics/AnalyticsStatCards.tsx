import { CheckCircle2, CircleHelp, Inbox, MessageSquare, MessagesSquare, ThumbsUp, TriangleAlert } from 'lucide-react';
import { StatCard, type Stat } from '../../components/StatCard';
import { formatCount, formatRate } from './analyticsFormat';
import type { Analytics } from './useAnalytics';

/** The period's headline figures; each card's note says what its number counts. */
export function AnalyticsStatCards({ analytics }: { analytics: Analytics }) {
  const { totals, answers, resolution, feedback } = analytics;
  const answerCount = answers.answered + answers.fallback;
  const of = (n: number, whole: number, what: string) => `${formatCount(n)} of ${formatCount(whole)} ${what}`;
  const stats: Stat[] = [
    { id: 'conversations', label: 'Conversations', value: formatCount(totals.conversations), note: `${formatCount(totals.visitorQuestions)} visitor questions`, Icon: MessagesSquare },
    { id: 'messages', label: 'Messages', value: formatCount(totals.messages), note: 'From visitors and the bot', Icon: MessageSquare },
    { id: 'answered-rate', label: 'Answered rate', value: formatRate(answers.answeredRate), note: of(answers.answered, answerCount, 'answers'), Icon: CheckCircle2 },
    { id: 'fallback-rate', label: 'Fallback rate', value: formatRate(answers.fallbackRate), note: of(answers.fallback, answerCount, 'answers'), Icon: TriangleAlert },
    {
      id: 'assumed-resolution',
      label: 'Assumed resolution',
      value: formatRate(resolution.assumed.rate),
      note: `${of(resolution.assumed.count, totals.conversations, 'conversations')}: no fallback, hand-off, thumbs-down or repeated question`,
      Icon: CircleHelp,
    },
    {
      id: 'confirmed-resolution',
      label: 'Confirmed resolution',
      value: formatRate(resolution.confirmed.rate),
      note: `${of(resolution.confirmed.count, totals.conversations, 'conversations')} with a thumbs-up (${formatCount(feedback.up)} up, ${formatCount(feedback.down)} down)`,
      Icon: ThumbsUp,
    },
    { id: 'leads', label: 'Leads', value: formatCount(analytics.leads), note: 'Contact forms visitors sent', Icon: Inbox },
  ];
  return (
    <div className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-4">
      {stats.map((stat) => (
        <StatCard key={stat.id} {...stat} />
      ))}
    </div>
  );
}
