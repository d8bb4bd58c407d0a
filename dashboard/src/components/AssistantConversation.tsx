import { useEffect, useRef, type ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Spinner } from './Spinner';

type Props = {
  /** The list's accessible name. */
  label: string;
  /** How many lines the conversation has: the list scrolls to the newest whenever it changes. */
  count: number;
  pending: boolean;
  /** What the list says while a reply is being written, next to the spinner. */
  pendingText: string;
  /** What an empty conversation says (how to start one). */
  empty: ReactNode;
  className?: string;
  emptyClassName?: string;
  /** The conversation's lines, each an `<li>`. */
  children: ReactNode;
};

/**
 * The conversation of an assistant panel (prompt, survey): its lines, a hint while it is empty,
 * a spinner while a reply is on its way, kept scrolled to the newest and announced politely.
 */
export function AssistantConversation({ label, count, pending, pendingText, empty, className, emptyClassName, children }: Props) {
  const list = useRef<HTMLOListElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll again whenever a line is added or a request starts
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [count, pending]);

  return (
    <ol ref={list} aria-label={label} aria-live="polite" className={cn('space-y-2 overflow-y-auto', className)}>
      {count === 0 && !pending && <li className={cn('px-3 py-4 text-center text-xs text-slate-500 dark:text-slate-400', emptyClassName)}>{empty}</li>}
      {children}
      {pending && (
        <li className="flex items-center gap-2 text-xs text-slate-500 dark:text-slate-400">
          <Spinner className="h-4 w-4" label="Writing a reply" /> {pendingText}
        </li>
      )}
    </ol>
  );
}
