import { useEffect, useRef, useState, type FormEvent } from 'react';
import { DEACTIVATION_REASON_LIMITS } from '@parley/contracts';
import { chatbotDeactivationSchema } from '@parley/contracts/schemas';
import { Button } from '../../components/Button';
import { TextAreaField } from '../../components/Field';

type Props = { bot: { name: string } | null; busy: boolean; onConfirm: (reason: string) => void; onCancel: () => void };

/**
 * Asks why a bot is being deactivated (the reason goes into the admin log), on the native
 * <dialog> like ConfirmDialog. Open while `bot` is set.
 */
export function DeactivateDialog({ bot, busy, onConfirm, onCancel }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const open = bot !== null;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setReason('');
      setError(undefined);
      dialog.showModal?.();
    }
    if (!open && dialog.open) dialog.close?.();
  }, [open]);

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = chatbotDeactivationSchema.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    onConfirm(parsed.data.reason);
  }

  return (
    <dialog
      ref={ref}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      aria-labelledby="deactivate-title"
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-950/50 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100"
    >
      {bot && (
        <form onSubmit={submit} noValidate>
          <h2 id="deactivate-title" className="text-lg font-semibold">
            Deactivate {bot.name}?
          </h2>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            Visitors will see it as inactive and its owner cannot switch it back on until an administrator reactivates it.
          </p>
          <div className="mt-4">
            <TextAreaField
              label="Reason (kept in the admin log)"
              rows={3}
              maxLength={DEACTIVATION_REASON_LIMITS.max}
              value={reason}
              error={error}
              onChange={(e) => {
                setReason(e.target.value);
                setError(undefined);
              }}
            />
          </div>
          <div className="mt-6 flex justify-end gap-3">
            <Button variant="outline" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy ? 'Deactivating...' : 'Deactivate'}
            </Button>
          </div>
        </form>
      )}
    </dialog>
  );
}
