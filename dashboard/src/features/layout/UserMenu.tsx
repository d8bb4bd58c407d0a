import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, LogOut, Settings, ShieldCheck, User } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { CurrentUser } from '../../lib/api';
import { displayName, useIsAdmin } from '../auth/useAuth';
import { menuContentClass, menuItemClass } from './menuStyles';
import { UserAvatar } from './UserAvatar';

/** Avatar, name or email, Profile, Settings, Admin (administrators only), Log out. */
export function UserMenu({ user }: { user: CurrentUser }) {
  const name = displayName(user);
  const isAdmin = useIsAdmin();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        // The name shown on the button is part of its accessible name, so "click {name}" finds it too.
        aria-label={`User menu: ${name}`}
        className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <UserAvatar user={user} />
        <span className="hidden max-w-[10rem] truncate lg:inline">{name}</span>
        <ChevronDown className="h-4 w-4 text-slate-400" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={menuContentClass('w-60')}>
          <DropdownMenu.Label className="px-2.5 py-2">
            <p className="truncate text-sm font-medium">{name}</p>
            {name !== user.email && <p className="truncate text-xs text-slate-500 dark:text-slate-400">{user.email}</p>}
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-800" />
          <DropdownMenu.Item asChild className={menuItemClass}>
            <Link to="/profile">
              <User className="h-4 w-4" aria-hidden /> Profile
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={menuItemClass}>
            <Link to="/settings">
              <Settings className="h-4 w-4" aria-hidden /> Settings
            </Link>
          </DropdownMenu.Item>
          {isAdmin && (
            <DropdownMenu.Item asChild className={menuItemClass}>
              <Link to="/admin">
                <ShieldCheck className="h-4 w-4" aria-hidden /> Admin
              </Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-800" />
          <DropdownMenu.Item asChild className={menuItemClass}>
            <a href="/api/logout">
              <LogOut className="h-4 w-4" aria-hidden /> Log out
            </a>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
