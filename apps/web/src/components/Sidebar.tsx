import { useState } from 'react';
import { NavLink } from 'react-router';
import { CreditCard, FileText, LayoutDashboard, LogOut, Menu, ScanSearch, UserRound, X, type LucideIcon } from 'lucide-react';
import { planHasUnlimitedCredits, type TUser } from '@duescan/contracts';
import { useSession } from '../session/session-context';
import { Logo } from './Logo';
import { PlanBadge } from './PlanBadge';

const ENTRIES: { to: string; label: string; icon: LucideIcon }[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/scans', label: 'Scans', icon: ScanSearch },
  { to: '/reports', label: 'Reports', icon: FileText },
  { to: '/pricing', label: 'Pricing', icon: CreditCard },
  { to: '/account', label: 'Account', icon: UserRound },
];

export function Sidebar({ user }: { user: TUser }) {
  const { signOut } = useSession();
  // Below 768 px the sidebar is a top bar with a menu button; the menu closes when a page is chosen.
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <aside className="sticky top-0 z-20 border-b border-slate-200 bg-white md:flex md:h-screen md:w-60 md:shrink-0 md:flex-col md:border-r md:border-b-0">
      <div className="flex items-center justify-between px-4 py-3 md:px-5 md:py-5">
        <Logo to="/dashboard" />
        <button
          type="button"
          aria-expanded={menuOpen}
          aria-controls="sidebar-menu"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
          className="flex h-11 w-11 items-center justify-center rounded-lg border border-slate-300 text-slate-700 md:hidden"
        >
          {menuOpen ? <X className="h-5 w-5" aria-hidden /> : <Menu className="h-5 w-5" aria-hidden />}
        </button>
      </div>
      <div id="sidebar-menu" className={`${menuOpen ? 'flex' : 'hidden'} flex-col md:flex md:flex-1`}>
        <nav aria-label="Main" className="space-y-1 px-3 pb-2 md:flex-1 md:pb-0">
          {ENTRIES.map(({ to, label, icon: Icon }) => (
            <NavLink
              key={to}
              to={to}
              onClick={() => setMenuOpen(false)}
              className={({ isActive }) =>
                `flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium ${
                  isActive ? 'bg-indigo-50 text-indigo-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
                }`
              }
            >
              <Icon className="h-4 w-4" aria-hidden />
              {label}
            </NavLink>
          ))}
        </nav>
        <div className="border-t border-slate-200 p-4">
          <p className="truncate text-sm font-medium text-slate-900" title={user.email} data-testid="sidebar-email">
            {user.email}
          </p>
          <div className="mt-2 flex items-center justify-between gap-3">
            <PlanBadge plan={user.plan} />
            {!planHasUnlimitedCredits(user.plan) && (
              <span className="text-xs text-slate-600" data-testid="sidebar-credits">
                {user.credits_remaining} {user.credits_remaining === 1 ? 'credit' : 'credits'}
              </span>
            )}
          </div>
          <button
            type="button"
            onClick={() => void signOut()}
            className="mt-4 flex w-full items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            <LogOut className="h-4 w-4" aria-hidden />
            Logout
          </button>
        </div>
      </div>
    </aside>
  );
}
