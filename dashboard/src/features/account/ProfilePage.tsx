import { Badge } from '../../components/Badge';
import { ButtonLink } from '../../components/Button';
import { Card } from '../../components/Card';
import { usePageMeta } from '../../lib/usePageMeta';
import { displayName, useAuth, useIsAdmin } from '../auth/useAuth';
import { UserAvatar } from '../layout/UserAvatar';
import { planLabel } from '../pricing/plans';
import { useCurrentSubscription } from '../dashboard/useDashboardData';

/** /profile: who is signed in and on which plan (the spec leaves the content open). */
export function ProfilePage() {
  usePageMeta({ title: 'Profile - Parley' });
  const { user } = useAuth();
  const isAdmin = useIsAdmin();
  const sub = useCurrentSubscription();
  if (!user) return null;
  const rows: Array<[string, string]> = [
    ['First name', user.firstName || '—'],
    ['Last name', user.lastName || '—'],
    ['Email', user.email],
    ['Plan', sub.data ? planLabel(sub.data.plan) : '—'],
  ];
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Profile</h1>
      <Card className="p-6">
        <div className="flex items-center gap-4">
          <UserAvatar user={user} className="h-16 w-16 text-lg" />
          <div>
            <p className="text-lg font-semibold">{displayName(user)}</p>
            <p className="text-sm text-slate-500 dark:text-slate-400">{user.email}</p>
            {isAdmin && (
              <Badge tone="purple" className="mt-1">
                Admin
              </Badge>
            )}
          </div>
        </div>
        <dl className="mt-6 divide-y divide-slate-100 dark:divide-slate-800">
          {rows.map(([k, v]) => (
            <div key={k} className="flex justify-between py-3 text-sm">
              <dt className="text-slate-500 dark:text-slate-400">{k}</dt>
              <dd className="font-medium">{v}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-6 flex gap-3">
          <ButtonLink to="/subscription" variant="outline">
            Manage subscription
          </ButtonLink>
          <ButtonLink to="/settings" variant="ghost">
            Settings
          </ButtonLink>
        </div>
      </Card>
    </div>
  );
}
