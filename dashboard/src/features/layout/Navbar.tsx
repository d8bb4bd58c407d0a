import { Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { ButtonAnchor } from '../../components/Button';
import { cn } from '../../lib/cn';
import { displayName, useAuth, useIsAdmin } from '../auth/useAuth';
import { useUnreadLeadCount } from '../leads/useLeads';
import { ThemeToggle } from '../theme/ThemeToggle';
import { Brand } from './Brand';
import { UserAvatar } from './UserAvatar';
import { UserMenu } from './UserMenu';

type Item = { to: string; label: string };

const PUBLIC_LINKS: Item[] = [
  { to: '/docs', label: 'Documentation' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/contact', label: 'Contact us' },
];
const OWNER_LINKS: Item[] = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/leads', label: 'Leads' },
  { to: '/subscription', label: 'Subscription' },
];

/** Brand, links, theme switch and the user menu; collapses into a toggled menu on mobile. */
export function Navbar() {
  const { user, isLoading } = useAuth();
  const isAdmin = useIsAdmin();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the mobile menu closes on every navigation
  useEffect(() => {
    setOpen(false);
  }, [location.pathname]);
  const links = user ? [...OWNER_LINKS, ...PUBLIC_LINKS] : PUBLIC_LINKS;
  const unreadLeads = useUnreadLeadCount(Boolean(user)).data ?? 0;
  const label = (item: Item) => (item.to === '/leads' ? <LeadsLabel unread={unreadLeads} /> : item.label);
  const ariaLabel = (item: Item) => (item.to === '/leads' && unreadLeads > 0 ? `Leads, ${unreadLeads} unread` : undefined);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/85 backdrop-blur dark:border-slate-800 dark:bg-slate-950/85">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <div className="flex items-center gap-8">
          <Brand />
          <ul className="hidden items-center gap-1 md:flex">
            {links.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} aria-label={ariaLabel(item)} className={({ isActive }) => desktopLinkClass(isActive)}>
                  {label(item)}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
        <div className="flex items-center gap-2">
          <ThemeToggle />
          <div className="hidden md:block">
            {user ? <UserMenu user={user} /> : !isLoading && <ButtonAnchor href="/api/login" size="sm">Log In</ButtonAnchor>}
          </div>
          <button
            type="button"
            className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden dark:text-slate-200 dark:hover:bg-slate-800"
            aria-label={open ? 'Close menu' : 'Open menu'}
            aria-expanded={open}
            aria-controls="mobile-menu"
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <X className="h-5 w-5" aria-hidden /> : <Menu className="h-5 w-5" aria-hidden />}
          </button>
        </div>
      </nav>
      {open && (
        <div id="mobile-menu" className="border-t border-slate-200 bg-white px-4 pt-2 pb-4 md:hidden dark:border-slate-800 dark:bg-slate-950">
          <ul className="space-y-1">
            {links.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} aria-label={ariaLabel(item)} className={({ isActive }) => mobileLinkClass(isActive)}>
                  {label(item)}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="mt-3 border-t border-slate-200 pt-3 dark:border-slate-800">
            {user ? (
              <>
                <div className="flex items-center gap-3 px-3 py-2">
                  <UserAvatar user={user} />
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium">{displayName(user)}</p>
                    <p className="truncate text-xs text-slate-500 dark:text-slate-400">{user.email}</p>
                  </div>
                </div>
                <NavLink to="/profile" className={({ isActive }) => mobileLinkClass(isActive)}>
                  Profile
                </NavLink>
                <NavLink to="/settings" className={({ isActive }) => mobileLinkClass(isActive)}>
                  Settings
                </NavLink>
                {isAdmin && (
                  <NavLink to="/admin" className={({ isActive }) => mobileLinkClass(isActive)}>
                    Admin
                  </NavLink>
                )}
                <a href="/api/logout" className={mobileLinkClass(false)}>
                  Log out
                </a>
              </>
            ) : (
              <ButtonAnchor href="/api/login" className="w-full">
                Log In
              </ButtonAnchor>
            )}
          </div>
        </div>
      )}
    </header>
  );
}

/** "Leads" with the unread count (the dashboard's query, shared), hidden at zero; the link's aria-label says it in words. */
function LeadsLabel({ unread }: { unread: number }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      Leads
      {unread > 0 && (
        <span
          className="inline-flex min-w-5 items-center justify-center rounded-full bg-blue-600 px-1.5 text-xs font-semibold leading-5 text-white dark:bg-blue-500"
          data-testid="nav-unread-leads"
          aria-hidden
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </span>
  );
}

function desktopLinkClass(active: boolean) {
  return cn(
    'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    active
      ? 'text-blue-700 dark:text-blue-400'
      : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
  );
}

function mobileLinkClass(active: boolean) {
  return cn(
    'block rounded-lg px-3 py-2 text-base font-medium',
    active ? 'bg-blue-50 text-blue-700 dark:bg-blue-500/10 dark:text-blue-300' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
  );
}
