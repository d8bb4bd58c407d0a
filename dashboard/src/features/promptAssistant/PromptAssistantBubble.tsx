import { PROMPT_ASSISTANT_MESSAGES as MESSAGES } from '@parley/contracts';
import { Check, ClipboardCopy, Wand2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/Button';
import { cn } from '../../lib/cn';
import { copyText } from '../../lib/copyText';
import { toast } from '../toast/toastStore';
import type { AssistantMessage } from './usePromptAssistant';

/** How long "Copied!" (and "Applied!") stay on the button. */
const CONFIRM_MS = 2000;

/**
 * One line of the conversation. A system prompt bubble carries Copy and Apply: Apply puts it in
 * the System Prompt field, which the owner reviews before saving.
 */
export function PromptAssistantBubble({ message, onApply }: { message: AssistantMessage; onApply: (prompt: string) => void }) {
  const mine = message.role === 'user';
  return (
    <li className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
      <div
        className={cn(
          'max-w-[92%] min-w-0 rounded-2xl px-3 py-2 text-sm',
          mine ? 'bg-blue-600 text-white dark:bg-blue-500' : 'border border-slate-200 bg-white text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
        )}
      >
        <span className="sr-only">{mine ? 'You: ' : 'Assistant: '}</span>
        {message.extractable && <p className="mb-1 text-xs font-semibold text-slate-500 uppercase dark:text-slate-400">Suggested system prompt</p>}
        <p data-testid={message.extractable ? 'suggested-prompt' : undefined} className="break-words whitespace-pre-wrap">
          {message.content}
        </p>
        {message.extractable && <PromptActions prompt={message.content} onApply={onApply} />}
      </div>
    </li>
  );
}

function PromptActions({ prompt, onApply }: { prompt: string; onApply: (prompt: string) => void }) {
  const [copied, flashCopied] = useFlag();
  const [applied, flashApplied] = useFlag();

  async function copy() {
    if (!(await copyText(prompt))) return;
    flashCopied();
    toast({ variant: 'success', title: MESSAGES.copied, description: 'The system prompt is on your clipboard.' });
  }

  function apply() {
    onApply(prompt);
    flashApplied();
    toast({ variant: 'success', title: MESSAGES.applied, description: 'Review the System Prompt field, then save.' });
  }

  return (
    <div className="mt-2 flex flex-wrap gap-2 border-t border-slate-200 pt-2 dark:border-slate-700">
      <Button variant="outline" size="sm" onClick={copy} aria-label={copied ? MESSAGES.copied : 'Copy prompt'}>
        {copied ? <Check className="h-4 w-4" aria-hidden /> : <ClipboardCopy className="h-4 w-4" aria-hidden />}
        {copied ? MESSAGES.copied : 'Copy'}
      </Button>
      <Button size="sm" onClick={apply} aria-label={applied ? MESSAGES.applied : 'Apply to System Prompt'}>
        {applied ? <Check className="h-4 w-4" aria-hidden /> : <Wand2 className="h-4 w-4" aria-hidden />}
        {applied ? MESSAGES.applied : 'Apply'}
      </Button>
    </div>
  );
}

/** A flag that turns itself off `CONFIRM_MS` after each flash. */
function useFlag(): [boolean, () => void] {
  const [on, setOn] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const flash = () => {
    clearTimeout(timer.current);
    setOn(true);
    timer.current = setTimeout(() => setOn(false), CONFIRM_MS);
  };
  return [on, flash];
}
