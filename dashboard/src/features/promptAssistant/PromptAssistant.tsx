import { NEW_CHATBOT_GUID, PROMPT_ASSISTANT_LIMITS as LIMITS, PROMPT_ASSISTANT_MESSAGES as MESSAGES, type PromptAssistantAction } from '@parley/contracts';
import { Sparkles, Wand2 } from 'lucide-react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useParams } from 'react-router-dom';
import { AssistantConversation } from '../../components/AssistantConversation';
import { Button } from '../../components/Button';
import { ChatInput } from '../../components/ChatInput';
import { useChatDraft } from '../../lib/useChatDraft';
import { useSystemStatus } from '../../lib/useSystemStatus';
import type { ChatbotFormValues } from '../chatbots/chatbotFormValues';
import { PromptAssistantBubble } from './PromptAssistantBubble';
import { usePromptAssistant } from './usePromptAssistant';

/**
 * The prompt assistant of the create and edit forms: Generate writes a prompt from the bot's
 * details (and whatever the owner typed first), Improve reworks the current one, and the box
 * sends a message. A suggested prompt is copied or applied to the System Prompt field; nothing
 * is saved until the owner saves the form. On /chatbots/new the bot has no guid yet, so the
 * call names it "new-chatbot" and carries the form's values.
 */
export function PromptAssistant() {
  const { guid } = useParams();
  const { control, getValues, setValue } = useFormContext<ChatbotFormValues>();
  const currentPrompt = useWatch({ control, name: 'systemPrompt' });
  const status = useSystemStatus();
  const { draft, setDraft, take } = useChatDraft();
  const { messages, pending, send } = usePromptAssistant(guid ?? NEW_CHATBOT_GUID, () => ({
    chatbotName: getValues('name').trim().slice(0, LIMITS.chatbotName),
    description: getValues('description').trim().slice(0, LIMITS.description),
    currentPrompt: getValues('systemPrompt').slice(0, LIMITS.currentPrompt),
    // The model picked on the form, saved or not, is the one the assistant writes with.
    model: getValues('model') || undefined,
  }));

  function run(action: PromptAssistantAction) {
    const typed = take();
    const words = typed.words.trim();
    const label = action === 'generate' ? 'Generate a system prompt' : action === 'improve' ? 'Improve the current prompt' : words;
    send(action, words, action !== 'chat' && words ? `${label}: ${words}` : label, typed.giveBack);
  }

  const apply = (prompt: string) => setValue('systemPrompt', prompt, { shouldDirty: true, shouldValidate: true });

  return (
    <section aria-labelledby="prompt-assistant-title" className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4 dark:border-slate-800 dark:bg-slate-950/40">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id="prompt-assistant-title" className="flex items-center gap-1.5 text-sm font-semibold">
            <Sparkles className="h-4 w-4 text-blue-600 dark:text-blue-400" aria-hidden /> Prompt Assistant
          </h3>
          <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">Write or improve the system prompt, then apply it above and review it before saving.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => run('generate')} disabled={pending}>
            <Sparkles className="h-4 w-4" aria-hidden /> Generate
          </Button>
          <Button variant="outline" size="sm" onClick={() => run('improve')} disabled={pending || !currentPrompt?.trim()}>
            <Wand2 className="h-4 w-4" aria-hidden /> Improve
          </Button>
        </div>
      </div>
      {status.modelConfigured === false && <p className="text-xs text-amber-700 dark:text-amber-300">{MESSAGES.offline}</p>}

      <AssistantConversation
        label="Prompt assistant conversation"
        count={messages.length}
        pending={pending}
        pendingText="Writing..."
        className="max-h-96"
        emptyClassName="rounded-lg border border-dashed border-slate-300 dark:border-slate-700"
        empty='Type instructions such as "be concise, answer in French" and press Generate, press Improve to rework the current prompt, or ask for a change.'
      >
        {messages.map((message) => (
          <PromptAssistantBubble key={message.id} message={message} onApply={apply} />
        ))}
      </AssistantConversation>

      <ChatInput
        value={draft}
        onChange={setDraft}
        onSend={() => run('chat')}
        pending={pending}
        label="Message the prompt assistant"
        sendLabel="Send message"
        placeholder='e.g. "be concise, answer in French"'
        maxLength={LIMITS.userMessage}
      />
    </section>
  );
}
