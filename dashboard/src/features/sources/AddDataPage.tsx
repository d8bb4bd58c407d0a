import { AlertTriangle } from 'lucide-react';
import type { Chatbot } from '../../lib/api';
import { ChatbotToolPage } from '../chatbots/ChatbotToolPage';
import { AddContentCard } from './AddContentCard';
import { SourceList } from './SourceList';
import { useScanOutcomeToasts } from './useScanOutcomeToasts';
import { isScanning, useSourceActions, useSources } from './useSources';

/**
 * /chatbots/{guid}/add-data: add a website, pasted text or a text file on the
 * left, the bot's content sources with their scan status on the right. The frame (Back to
 * Dashboard, title, Chatbot Not Found) is the shared tool-page frame.
 */
export function AddDataPage() {
  return (
    <ChatbotToolPage
      title={(b) => `Add Data: ${b.name}`}
      subtitle={() => 'Train your chatbot on your website, pasted text or text files. Each source is split into passages your chatbot answers from.'}
    >
      {(bot) => <AddData bot={bot} />}
    </ChatbotToolPage>
  );
}

function AddData({ bot }: { bot: Chatbot }) {
  // The API takes the bot's id or guid; the guid is what the page was opened with.
  const sources = useSources(bot.guid);
  const actions = useSourceActions(bot.guid);
  const scanning = sources.data?.some(isScanning) ?? false;
  useScanOutcomeToasts(bot.guid, sources.data);
  return (
    <div className="space-y-6">
      {scanning && (
        <div role="status" className="flex items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200">
          <AlertTriangle className="h-5 w-5 shrink-0" aria-hidden />
          Do not leave the page until scan is complete
        </div>
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <AddContentCard actions={actions} />
        <SourceList chatbotId={bot.guid} sources={sources} actions={actions} />
      </div>
    </div>
  );
}
