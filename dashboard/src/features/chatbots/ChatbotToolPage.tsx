import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Badge } from '../../components/Badge';
import { PageSpinner } from '../../components/Spinner';
import type { Chatbot } from '../../lib/api';
import { usePageMeta } from '../../lib/usePageMeta';
import { ChatbotNotFound } from './ChatbotNotFound';
import { useChatbot } from './useChatbot';

type Props = {
  title: (bot: Chatbot) => string;
  subtitle: (bot: Chatbot) => ReactNode;
  children: (bot: Chatbot) => ReactNode;
  notFoundAction?: 'access' | 'edit';
};

/** Frame of every per-chatbot tool page: loads the bot by guid, Back to Dashboard, heading. */
export function ChatbotToolPage({ title, subtitle, children, notFoundAction }: Props) {
  const { guid } = useParams();
  const bot = useChatbot(guid);
  usePageMeta({ title: bot.data ? `${title(bot.data)} - Parley` : 'Parley' });
  if (bot.isLoading) return <PageSpinner />;
  if (bot.notFound || !bot.data) return <ChatbotNotFound action={notFoundAction ?? 'access'} />;
  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-10 sm:px-6 lg:px-8">
      <div>
        <Link to="/dashboard" className="inline-flex items-center gap-1.5 text-sm text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white">
          <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Dashboard
        </Link>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight">{title(bot.data)}</h1>
          <Badge tone={bot.data.isActive ? 'green' : 'gray'}>{bot.data.isActive ? 'Active' : 'Inactive'}</Badge>
        </div>
        <p className="mt-2 text-slate-600 dark:text-slate-400">{subtitle(bot.data)}</p>
      </div>
      {children(bot.data)}
    </div>
  );
}
