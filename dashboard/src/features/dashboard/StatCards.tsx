import { formatCompletionRate, SURVEY_MESSAGES } from '@parley/contracts';
import { Bot, ClipboardList, Inbox, MessagesSquare } from 'lucide-react';
import { Link } from 'react-router-dom';
import { StatCard, type Stat } from '../../components/StatCard';

type Props = {
  total: number;
  active: number;
  conversations: number;
  unreadLeads: number;
  /** Counted survey responses across the bots, and their completion rate (percent). */
  surveys: { totalResponses: number; completionRate: number };
};

export function StatCards({ total, active, conversations, unreadLeads, surveys }: Props) {
  const stats: Stat[] = [
    { id: 'total-chatbots', label: 'Total Chatbots', value: String(total), note: `${active} active`, Icon: Bot },
    { id: 'conversations', label: 'Conversations', value: conversations.toLocaleString('en-US'), note: 'Across all chatbots', Icon: MessagesSquare },
    {
      id: 'survey-responses',
      label: 'Survey Responses',
      value: surveys.totalResponses.toLocaleString('en-US'),
      note: surveys.totalResponses > 0 ? `${formatCompletionRate(surveys.completionRate)} completion rate` : SURVEY_MESSAGES.noDashboardData,
      Icon: ClipboardList,
    },
    {
      id: 'unread-leads',
      label: 'Unread Leads',
      value: unreadLeads.toLocaleString('en-US'),
      note: (
        <Link to="/leads" className="font-medium text-blue-600 hover:underline dark:text-blue-400">
          Open Leads inbox
        </Link>
      ),
      Icon: Inbox,
    },
  ];
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {stats.map((stat) => (
        <StatCard key={stat.id} {...stat} />
      ))}
    </div>
  );
}
