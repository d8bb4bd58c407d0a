import { Bot, ClipboardList, Inbox, MessagesSquare } from 'lucide-react';
import { Link } from 'react-router-dom';
import { StatCard, type Stat } from '../../components/StatCard';

export function StatCards({ total, active, conversations, unreadLeads }: { total: number; active: number; conversations: number; unreadLeads: number }) {
  const stats: Stat[] = [
    { id: 'total-chatbots', label: 'Total Chatbots', value: String(total), note: `${active} active`, Icon: Bot },
    { id: 'conversations', label: 'Conversations', value: conversations.toLocaleString('en-US'), note: 'Across all chatbots', Icon: MessagesSquare },
    // The API has no survey routes yet, so no bot can have a response to count.
    { id: 'survey-responses', label: 'Survey Responses', value: '0', note: 'No survey data', Icon: ClipboardList },
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
