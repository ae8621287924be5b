import { NavLink } from 'react-router';
import { CreditCard, FileText, LayoutDashboard, LogOut, ScanSearch, UserRound, type LucideIcon } from 'lucide-react';
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
  return (
    <aside className="border-b border-slate-200 bg-white md:sticky md:top-0 md:flex md:h-screen md:w-60 md:shrink-0 md:flex-col md:border-r md:border-b-0">
      <div className="px-5 pt-4 pb-2 md:py-5">
        <Logo to="/dashboard" />
      </div>
      <nav aria-label="Main" className="flex gap-1 overflow-x-auto px-3 pb-2 md:block md:flex-1 md:space-y-1 md:pb-0">
        {ENTRIES.map(({ to, label, icon: Icon }) => (
          <NavLink
            key={to}
            to={to}
            className={({ isActive }) =>
              `flex shrink-0 items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${
                isActive ? 'bg-indigo-50 text-indigo-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
              }`
            }
          >
            <Icon className="h-4 w-4" aria-hidden />
            {label}
          </NavLink>
        ))}
      </nav>
      <div className="flex items-center gap-3 border-t border-slate-200 px-4 py-3 md:block md:p-4">
        <p className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900" title={user.email} data-testid="sidebar-email">
          {user.email}
        </p>
        <div className="flex shrink-0 items-center gap-3 md:mt-2 md:justify-between">
          <PlanBadge plan={user.plan} />
          {!planHasUnlimitedCredits(user.plan) && (
            <span className="text-xs text-slate-500" data-testid="sidebar-credits">
              {user.credits_remaining} {user.credits_remaining === 1 ? 'credit' : 'credits'}
            </span>
          )}
        </div>
        <button
          type="button"
          onClick={() => void signOut()}
          className="flex shrink-0 items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 md:mt-4 md:w-full"
        >
          <LogOut className="h-4 w-4" aria-hidden />
          Logout
        </button>
      </div>
    </aside>
  );
}
