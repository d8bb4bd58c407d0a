import type { CurrentUser } from '../../lib/api';
import { cn } from '../../lib/cn';
import { safeImageUrl } from '../../lib/safeUrl';

/** The profile picture, or initials on a coloured disc when there is none. */
export function UserAvatar({ user, className }: { user: CurrentUser; className?: string }) {
  const src = safeImageUrl(user.profileImageUrl);
  const initials = ((user.firstName?.[0] ?? '') + (user.lastName?.[0] ?? '') || user.email[0] || '?').toUpperCase();
  return src ? (
    <img src={src} alt="" className={cn('h-8 w-8 rounded-full object-cover', className)} />
  ) : (
    <span
      aria-hidden
      className={cn('inline-flex h-8 w-8 items-center justify-center rounded-full bg-blue-100 text-xs font-semibold text-blue-700 dark:bg-blue-500/20 dark:text-blue-300', className)}
    >
      {initials}
    </span>
  );
}
