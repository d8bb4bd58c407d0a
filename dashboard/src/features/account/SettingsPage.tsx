import { Monitor, Moon, Sun } from 'lucide-react';
import { ButtonAnchor } from '../../components/Button';
import { Card } from '../../components/Card';
import { cn } from '../../lib/cn';
import { usePageMeta } from '../../lib/usePageMeta';
import { useAuth, useIsAdmin } from '../auth/useAuth';
import { useTheme, type Theme } from '../theme/ThemeProvider';
import { AdminResetCard } from './AdminResetCard';
import { ChangePasswordCard } from './ChangePasswordCard';
import { DeleteAccountCard } from './DeleteAccountCard';

const THEMES: Array<{ value: Theme; label: string; Icon: typeof Sun }> = [
  { value: 'light', label: 'Light', Icon: Sun },
  { value: 'dark', label: 'Dark', Icon: Moon },
  { value: 'system', label: 'System', Icon: Monitor },
];

/** /settings: appearance, password, session, an admin's password reset links, and deleting the account. */
export function SettingsPage() {
  usePageMeta({ title: 'Settings - Parley' });
  const { theme, setTheme } = useTheme();
  const { user } = useAuth();
  const isAdmin = useIsAdmin();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Settings</h1>
      <Card className="p-6">
        <h2 className="text-lg font-semibold">Appearance</h2>
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">System follows your device's light or dark setting.</p>
        <div role="radiogroup" aria-label="Theme" className="mt-4 grid grid-cols-3 gap-3">
          {THEMES.map(({ value, label, Icon }) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={theme === value}
              onClick={() => setTheme(value)}
              className={cn(
                'flex flex-col items-center gap-2 rounded-xl border p-4 text-sm font-medium',
                theme === value ? 'border-blue-600 bg-blue-50 text-blue-700 dark:bg-blue-500/10 dark:text-blue-300' : 'border-slate-200 hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-800',
              )}
            >
              <Icon className="h-5 w-5" aria-hidden /> {label}
            </button>
          ))}
        </div>
      </Card>
      <ChangePasswordCard />
      {isAdmin && <AdminResetCard />}
      <Card className="flex flex-wrap items-center justify-between gap-4 p-6">
        <div>
          <h2 className="text-lg font-semibold">Session</h2>
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">Sign out of Parley on this device.</p>
        </div>
        <ButtonAnchor href="/api/logout" variant="outline">
          Log out
        </ButtonAnchor>
      </Card>
      <DeleteAccountCard email={user.email} />
    </div>
  );
}
