import { Bot, ClipboardList, Inbox, MessagesSquare } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Card } from '../../components/Card';

type Stat = { label: string; value: string; note: ReactNode; Icon: ComponentType<{ className?: string }> };

export function StatCards({ total, active, conversations, unreadLeads }: { total: number; active: number; conversations: number; unreadLeads: number }) {
  const stats: Stat[] = [
    { label: 'Total Chatbots', value: String(total), note: `${active} active`, Icon: Bot },
    { label: 'Conversations', value: conversations.toLocaleString('en-US'), note: 'Across all chatbots', Icon: MessagesSquare },
    // The API has no survey routes yet, so no bot can have a response to count.
    { label: 'Survey Responses', value: '0', note: 'No survey data', Icon: ClipboardList },
    {
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
      {stats.map(({ label, value, note, Icon }) => (
        <Card key={label} className="p-5" data-testid={`stat-${label.toLowerCase().replace(/\s+/g, '-')}`}>
          <div className="flex items-center justify-between">
            <p className="text-sm font-medium text-slate-500 dark:text-slate-400">{label}</p>
            <span className="inline-flex h-9 w-9 items-center justify-center rounded-lg bg-blue-50 text-blue-600 dark:bg-blue-500/10 dark:text-blue-400">
              <Icon className="h-[18px] w-[18px]" aria-hidden />
            </span>
          </div>
          <p className="mt-2 text-3xl font-bold tracking-tight">{value}</p>
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{note}</p>
        </Card>
      ))}
    </div>
  );
}
