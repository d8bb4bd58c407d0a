import { Send } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { Button } from './Button';
import { Textarea } from './Input';

type ChatInputProps = {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  /** A request is under way: sending waits for it. */
  pending: boolean;
  /** The box's accessible name. */
  label: string;
  sendLabel: string;
  placeholder: string;
  maxLength: number;
  rows?: number;
  /** Also lock the box itself while pending. */
  lockWhilePending?: boolean;
};

/**
 * An owner's message box: Enter sends, Shift+Enter starts a new line (Enter that ends an IME
 * composition does neither); sending is disabled while the box is blank or a request is pending.
 */
export function ChatInput({ value, onChange, onSend, pending, label, sendLabel, placeholder, maxLength, rows = 2, lockWhilePending }: ChatInputProps) {
  const canSend = value.trim() !== '' && !pending;
  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    if (canSend) onSend();
  }
  return (
    <div className="flex items-end gap-2">
      <Textarea
        aria-label={label}
        rows={rows}
        maxLength={maxLength}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder={placeholder}
        disabled={lockWhilePending && pending}
        className="min-w-0 flex-1 resize-y"
      />
      <Button onClick={onSend} disabled={!canSend} aria-label={sendLabel} className="shrink-0 px-3">
        <Send className="h-4 w-4" aria-hidden />
      </Button>
    </div>
  );
}
