import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { usePageMeta } from '../../lib/usePageMeta';
import { ChatbotToolPage } from '../chatbots/ChatbotToolPage';
import { LeadsInbox } from './LeadsInbox';
import { SmtpNotice } from './SmtpNotice';

/** /leads: the forms visitors sent to any of the owner's chatbots. */
export function LeadsPage() {
  usePageMeta({ title: 'Leads - Parley' });
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-10 sm:px-6 lg:px-8">
      <div>
        <Link to="/dashboard" className="inline-flex items-center gap-1.5 text-sm text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white">
          <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Dashboard
        </Link>
        <h1 className="mt-4 text-3xl font-bold tracking-tight">Leads</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">Contact requests your visitors sent to any of your chatbots, newest first.</p>
      </div>
      <SmtpNotice />
      <LeadsInbox />
    </div>
  );
}

/** /chatbots/{guid}/leads: the same inbox for one chatbot. */
export function ChatbotLeadsPage() {
  return (
    <ChatbotToolPage title={() => 'Leads'} subtitle={(bot) => `Contact requests visitors sent to ${bot.name}, newest first.`}>
      {(bot) => (
        <>
          <SmtpNotice />
          {/* Keyed by bot, so a page number or open lead never carries over to another bot. */}
          <LeadsInbox key={bot.guid} guid={bot.guid} />
        </>
      )}
    </ChatbotToolPage>
  );
}
