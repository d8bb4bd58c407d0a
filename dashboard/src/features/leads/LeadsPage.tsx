import { ToolPageFrame } from '../../components/ToolPageFrame';
import { usePageMeta } from '../../lib/usePageMeta';
import { ChatbotToolPage } from '../chatbots/ChatbotToolPage';
import { LeadsInbox } from './LeadsInbox';
import { SmtpNotice } from './SmtpNotice';

/** /leads: the forms visitors sent to any of the owner's chatbots. */
export function LeadsPage() {
  usePageMeta({ title: 'Leads - Parley' });
  return (
    <ToolPageFrame narrow title="Leads" subtitle="Contact requests your visitors sent to any of your chatbots, newest first.">
      <SmtpNotice />
      <LeadsInbox />
    </ToolPageFrame>
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
