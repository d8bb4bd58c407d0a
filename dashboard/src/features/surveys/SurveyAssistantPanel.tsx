import { SURVEY_ASSISTANT_LIMITS as LIMITS, type SurveyAssistantAction, type SurveyConfig } from '@parley/contracts';
import { ListPlus, type LucideIcon, MessageSquareHeart, Smile, Sparkles, Wand2 } from 'lucide-react';
import { AssistantConversation } from '../../components/AssistantConversation';
import { Button } from '../../components/Button';
import { ChatInput } from '../../components/ChatInput';
import { useChatDraft } from '../../lib/useChatDraft';
import { useSystemStatus } from '../../lib/useSystemStatus';
import { SurveyAssistantBubble } from './SurveyAssistantBubble';
import { useSurveyAssistant } from './useSurveyAssistant';

const OFFLINE_NOTE = "Offline assistant: surveys are built from your bot's details and your words (no AI model configured).";

type QuickAction = {
  action: Exclude<SurveyAssistantAction, 'custom'>;
  label: string;
  /** The owner's line the conversation shows for it. */
  asked: string;
  icon: LucideIcon;
};

const QUICK_ACTIONS: QuickAction[] = [
  { action: 'generate_customer_satisfaction', label: 'Customer Satisfaction', asked: 'Generate a customer satisfaction survey', icon: Smile },
  { action: 'generate_feedback', label: 'Feedback Survey', asked: 'Generate a feedback survey', icon: MessageSquareHeart },
  { action: 'improve_questions', label: 'Improve Questions', asked: 'Improve the current questions', icon: Wand2 },
  { action: 'add_questions', label: 'Add Questions', asked: 'Add more questions', icon: ListPlus },
];

/**
 * The survey builder's AI Assistant tab: quick actions write a customer satisfaction or feedback
 * survey, improve the current questions or add some; the box asks for anything else. Words typed
 * before a quick action go along with it. A proposed survey is applied to the builder's draft
 * with its button; the builder's auto-save stores it. The panel fills its container.
 */
export function SurveyAssistantPanel({
  chatbot,
  survey,
  onApply,
}: {
  chatbot: { guid: string; name: string; description: string | null };
  survey: { name: string; description: string | null; surveyConfig: SurveyConfig } | null;
  onApply: (config: SurveyConfig) => void;
}) {
  const status = useSystemStatus();
  const { draft, setDraft, take } = useChatDraft();
  const { messages, pending, problem, send } = useSurveyAssistant(chatbot.guid, () => ({
    chatbotName: chatbot.name.trim().slice(0, LIMITS.chatbotName),
    description: (chatbot.description ?? '').trim().slice(0, LIMITS.description),
    currentSurvey: survey ? { name: survey.name, description: survey.description, surveyConfig: survey.surveyConfig } : null,
  }));

  function run(quick: QuickAction | null) {
    const typed = take();
    const words = typed.words.trim();
    if (!quick) return send('custom', words, words, typed.giveBack);
    send(quick.action, words, words ? `${quick.asked}: ${words}` : quick.asked, typed.giveBack);
  }

  const questionCount = survey?.surveyConfig.questions.length ?? 0;
  const unavailable = (action: QuickAction['action']) =>
    (action === 'improve_questions' && questionCount === 0) || (action === 'add_questions' && !survey);

  return (
    <section aria-labelledby="survey-assistant-title" className="flex h-full min-h-0 flex-col gap-3">
      <div className="min-w-0">
        <h2 id="survey-assistant-title" className="flex items-center gap-1.5 text-base font-semibold">
          <Sparkles className="h-4 w-4 text-blue-600 dark:text-blue-400" aria-hidden /> AI Survey Assistant
        </h2>
        <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
          Generate a survey, improve or extend the current one, then apply it and review the questions.
        </p>
      </div>

      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap" role="group" aria-label="Quick actions">
        {QUICK_ACTIONS.map((quick) => (
          <Button
            key={quick.action}
            variant="outline"
            size="sm"
            // Two columns on a phone: long labels wrap instead of being cut.
            className="h-auto min-h-8 min-w-0 py-1.5 whitespace-normal"
            onClick={() => run(quick)}
            disabled={pending || unavailable(quick.action)}
          >
            <quick.icon className="h-4 w-4 shrink-0" aria-hidden /> {quick.label}
          </Button>
        ))}
      </div>
      {status.modelConfigured === false && <p className="text-xs text-amber-700 dark:text-amber-300">{OFFLINE_NOTE}</p>}

      <AssistantConversation
        label="Survey assistant conversation"
        count={messages.length}
        pending={pending}
        pendingText="Thinking..."
        className="min-h-0 flex-1 rounded-lg border border-slate-200 bg-slate-50 p-3 dark:border-slate-800 dark:bg-slate-950/40"
        empty={
          <>
            Pick a quick action above, or describe the survey you want below.
            {!survey && ' Select a survey to improve its questions or add new ones.'}
          </>
        }
      >
        {messages.map((message) => (
          <SurveyAssistantBubble key={message.id} message={message} onApply={onApply} />
        ))}
      </AssistantConversation>

      {problem && <p className="text-xs text-red-600 dark:text-red-400">{problem}</p>}
      <ChatInput
        value={draft}
        onChange={setDraft}
        onSend={() => run(null)}
        pending={pending}
        label="Message the survey assistant"
        sendLabel="Send message"
        placeholder='Describe the survey you want, e.g. "a 3-question survey about our delivery"'
        maxLength={LIMITS.userMessage}
      />
    </section>
  );
}
