import { DESIGNER_PROMPT_MAX, withThemeColors } from '@parley/contracts';
import { Loader2, Sparkles } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { ChatInput } from '../../components/ChatInput';
import { cn } from '../../lib/cn';
import { useChatDraft } from '../../lib/useChatDraft';
import type { DesignerMessage } from './useUiDesigner';

/** The prompt sent holds the owner's words and the Theme tab's colour line (#rrggbb at the longest). */
const MAX_WORDS = DESIGNER_PROMPT_MAX - withThemeColors('', { primaryColor: '#000000', backgroundColor: '#000000', textColor: '#000000' }).length;

/**
 * The Chat tab: the owner describes a home screen, the designer answers with an explanation and
 * the design lands in the preview. Enter sends, Shift+Enter starts a new line; sending is
 * disabled while the box is blank or a design is being generated.
 */
export function DesignerChat({
  messages,
  generating,
  onSend,
}: {
  messages: DesignerMessage[];
  generating: boolean;
  onSend: (words: string, onFailed: () => void) => void;
}) {
  const { draft, setDraft, take } = useChatDraft();
  const end = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll on every new line or state
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [messages.length, generating]);

  function submit() {
    const { words, giveBack } = take();
    onSend(words, giveBack);
  }

  return (
    <div className="space-y-4">
      <div>
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <Sparkles className="h-5 w-5 text-blue-600 dark:text-blue-400" aria-hidden /> AI Designer Assistant
        </h2>
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">Tell me what kind of home screen you want to create</p>
      </div>
      <div className="h-[26rem] space-y-3 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 p-3 dark:border-slate-800 dark:bg-slate-950/40" aria-live="polite">
        {messages.length === 0 && !generating && (
          <div className="flex h-full flex-col items-center justify-center px-4 text-center">
            <p className="font-medium text-slate-700 dark:text-slate-200">Start by describing your ideal home screen</p>
            <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">
              Try: "Create a support center with billing, technical support and sales categories"
            </p>
          </div>
        )}
        {messages.map((m) => (
          <div key={m.id} className={cn('flex', m.role === 'user' ? 'justify-end' : 'justify-start')} data-testid="designer-message">
            <div
              className={cn(
                'max-w-[85%] rounded-lg px-3 py-2 text-sm',
                m.role === 'user' ? 'bg-blue-600 text-white' : 'border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900',
              )}
            >
              <div className={cn('flex items-center justify-between gap-3 text-xs', m.role === 'user' ? 'text-blue-50' : 'text-slate-500 dark:text-slate-400')}>
                <span className="font-medium">{m.role === 'user' ? 'User' : 'Assistant'}</span>
                <time dateTime={m.timestamp.toISOString()}>{m.timestamp.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}</time>
              </div>
              <p className="mt-1 break-words whitespace-pre-wrap">{m.content}</p>
            </div>
          </div>
        ))}
        {generating && (
          <p className="flex items-center gap-2 text-sm text-slate-500 dark:text-slate-400" role="status">
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> Generating your design...
          </p>
        )}
        <div ref={end} />
      </div>
      <ChatInput
        value={draft}
        onChange={setDraft}
        onSend={submit}
        pending={generating}
        lockWhilePending
        label="Describe your home screen design"
        sendLabel="Send"
        placeholder="Describe your home screen design..."
        maxLength={MAX_WORDS}
        rows={3}
      />
    </div>
  );
}
