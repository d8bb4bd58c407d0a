import { PROMPT_ASSISTANT_LIMITS } from '@parley/contracts';
import { Send } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { Button } from '../../components/Button';
import { Textarea } from '../../components/Input';

/**
 * The owner's message box: Enter sends, Shift+Enter starts a new line; sending is disabled while
 * the box is blank or a request is pending.
 */
export function PromptAssistantInput({
  value,
  onChange,
  onSend,
  pending,
}: {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  pending: boolean;
}) {
  const canSend = value.trim() !== '' && !pending;
  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    if (canSend) onSend();
  }
  return (
    <div className="flex items-end gap-2">
      <Textarea
        aria-label="Message the prompt assistant"
        rows={2}
        maxLength={PROMPT_ASSISTANT_LIMITS.userMessage}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder='e.g. "be concise, answer in French"'
        className="min-w-0 flex-1 resize-y"
      />
      <Button size="md" onClick={onSend} disabled={!canSend} aria-label="Send message" className="shrink-0 px-3">
        <Send className="h-4 w-4" aria-hidden />
      </Button>
    </div>
  );
}
