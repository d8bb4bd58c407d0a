import { ChatbotToolPage } from '../chatbots/ChatbotToolPage';
import { SavedAnswers } from './SavedAnswers';
import { UnansweredInbox } from './UnansweredInbox';

/** /chatbots/{guid}/unanswered: the questions the bot could not answer, and the answers the owner saved. */
export function UnansweredPage() {
  return (
    <ChatbotToolPage
      title={(bot) => `Unanswered Questions: ${bot.name}`}
      subtitle={() =>
        'Questions your bot answered with its fallback, that visitors voted not helpful, or that ended with a hand-off, grouped by similar wording. Add an answer and your bot uses it from the next message on, or dismiss what needs none.'
      }
    >
      {(bot) => (
        // Keyed by bot, so an open answer form never carries over to another bot.
        <div key={bot.guid} className="space-y-8">
          <UnansweredInbox guid={bot.guid} />
          <SavedAnswers guid={bot.guid} />
        </div>
      )}
    </ChatbotToolPage>
  );
}
