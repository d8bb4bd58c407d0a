import { useEffect, useRef, type ReactNode } from 'react';
import { cn } from '../lib/cn';

type Props = {
  open: boolean;
  /** Escape and the backdrop close through here, so the caller's state stays the source of truth. */
  onCancel: () => void;
  /** Id of the element that names the dialog (its heading). */
  labelledBy: string;
  size?: 'sm' | 'md';
  /** Rendered only while open, so forms inside start fresh each time. */
  children: ReactNode;
};

/** A modal on the native <dialog> element (focus trap and Escape come with it), opened by `open`. */
export function ModalDialog({ open, onCancel, labelledBy, size = 'sm', children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close?.();
  }, [open]);
  return (
    <dialog
      ref={ref}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      aria-labelledby={labelledBy}
      className={cn(
        'm-auto rounded-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-950/50 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100',
        size === 'sm' ? 'w-[min(28rem,calc(100vw-2rem))]' : 'w-[min(32rem,calc(100vw-2rem))]',
      )}
    >
      {open && children}
    </dialog>
  );
}
