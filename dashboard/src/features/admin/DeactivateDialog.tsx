import { useId, useState, type FormEvent } from 'react';
import { DEACTIVATION_REASON_LIMITS } from '@parley/contracts';
import { chatbotDeactivationSchema } from '@parley/contracts/schemas';
import { Button } from '../../components/Button';
import { TextAreaField } from '../../components/Field';
import { ModalDialog } from '../../components/ModalDialog';

type Props = { bot: { name: string } | null; busy: boolean; onConfirm: (reason: string) => void; onCancel: () => void };

/**
 * Asks why a bot is being deactivated (the reason goes into the admin log). Open while `bot` is
 * set; the form starts empty each time.
 */
export function DeactivateDialog({ bot, busy, onConfirm, onCancel }: Props) {
  const titleId = useId();
  return (
    <ModalDialog open={bot !== null} onCancel={onCancel} labelledBy={titleId} size="md">
      {bot && <DeactivateForm titleId={titleId} botName={bot.name} busy={busy} onConfirm={onConfirm} onCancel={onCancel} />}
    </ModalDialog>
  );
}

function DeactivateForm({ titleId, botName, busy, onConfirm, onCancel }: Omit<Props, 'bot'> & { titleId: string; botName: string }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = chatbotDeactivationSchema.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    onConfirm(parsed.data.reason);
  }

  return (
    <form onSubmit={submit} noValidate>
      <h2 id={titleId} className="text-lg font-semibold">
        Deactivate {botName}?
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
  );
}
