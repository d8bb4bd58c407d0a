import { Badge } from '../../components/Badge';
import { ButtonLink } from '../../components/Button';
import { Card } from '../../components/Card';
import { usePageMeta } from '../../lib/usePageMeta';
import { displayName, useAuth, useIsAdmin } from '../auth/useAuth';
import { useCurrentSubscription } from '../dashboard/useDashboardData';
import { UserAvatar } from '../layout/UserAvatar';
import { ADMIN_UNLIMITED_BOTS, planLabel } from '../pricing/plans';
import { ProfileNameForm } from './ProfileNameForm';
import { ProfilePictureField } from './ProfilePictureField';

/** /profile: the owner's names and picture, with who they are and which plan they are on. */
export function ProfilePage() {
  usePageMeta({ title: 'Profile - Parley' });
  const { user } = useAuth();
  const isAdmin = useIsAdmin();
  const sub = useCurrentSubscription();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Profile</h1>
      <Card className="p-6">
        <div className="flex min-w-0 items-center gap-4">
          <UserAvatar user={user} className="h-16 w-16 shrink-0 text-lg" />
          <div className="min-w-0">
            <p className="truncate text-lg font-semibold">{displayName(user)}</p>
            <p className="truncate text-sm text-slate-500 dark:text-slate-400">{user.email}</p>
            {isAdmin && (
              <Badge tone="purple" className="mt-1">
                Admin
              </Badge>
            )}
          </div>
        </div>
        <div className="mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4 text-sm dark:border-slate-800">
          <p>
            <span className="text-slate-500 dark:text-slate-400">Plan: </span>
            <span className="font-medium">{sub.data ? planLabel(sub.data.plan) : '—'}</span>
            {isAdmin && <span className="block text-violet-700 dark:text-violet-300">{ADMIN_UNLIMITED_BOTS}</span>}
          </p>
          <div className="flex flex-wrap gap-2">
            <ButtonLink to="/subscription" variant="outline" size="sm">
              Manage subscription
            </ButtonLink>
            <ButtonLink to="/settings" variant="ghost" size="sm">
              Settings
            </ButtonLink>
          </div>
        </div>
      </Card>
      <ProfileNameForm user={user} />
      <ProfilePictureField user={user} />
    </div>
  );
}
