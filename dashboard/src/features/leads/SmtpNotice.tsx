import { MailWarning, X } from 'lucide-react';
import { useState } from 'react';
import { useSystemStatus } from '../../lib/useSystemStatus';

const DISMISSED_KEY = 'parley.smtpNoticeDismissed';

/**
 * Without a mail server, leads only reach the owner through the inbox: said once, plainly,
 * until the owner dismisses it (remembered in this browser).
 */
export function SmtpNotice() {
  const { emailConfigured, isLoading } = useSystemStatus();
  const [dismissed, setDismissed] = useState(readDismissed);
  if (isLoading || emailConfigured || dismissed) return null;
  return (
    <div
      role="note"
      data-testid="smtp-notice"
      className="flex gap-3 rounded-xl border border-blue-200 bg-blue-50 p-4 text-blue-900 dark:border-blue-900 dark:bg-blue-950/40 dark:text-blue-100"
    >
      <MailWarning className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-semibold">Leads are kept in the inbox; configure SMTP to get them by email.</p>
        <p className="mt-1 break-words">
          Set <code className="rounded bg-blue-100 px-1 font-mono text-xs dark:bg-blue-900/60">SMTP_URL</code> (for example{' '}
          <code className="rounded bg-blue-100 px-1 font-mono text-xs break-all dark:bg-blue-900/60">smtp://user:password@mail.example.com:587</code>) in
          the server's environment and restart Parley.
        </p>
      </div>
      <button
        type="button"
        aria-label="Dismiss email notice"
        className="h-fit rounded-md p-1 text-blue-700 hover:bg-blue-100 dark:text-blue-200 dark:hover:bg-blue-900/60"
        onClick={() => {
          setDismissed(true);
          try {
            localStorage.setItem(DISMISSED_KEY, '1');
          } catch {
            // Storage may be off (private mode): the notice then only hides for this visit.
          }
        }}
      >
        <X className="h-4 w-4" aria-hidden />
      </button>
    </div>
  );
}

function readDismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}
