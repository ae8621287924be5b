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
    <aside className="sticky top-0 flex h-screen w-60 shrink-0 flex-col border-r border-slate-200 bg-white">
      <div className="px-5 py-5">
        <Logo to="/dashboard" />
      </div>
      <nav aria-label="Main" className="flex-1 space-y-1 px-3">
        {ENTRIES.map(({ to, label, icon: Icon }) => (
          <NavLink
            key={to}
            to={to}
            className={({ isActive }) =>
              `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${
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
        <div className="mt-2 flex items-center justify-between">
          <PlanBadge plan={user.plan} />
          {!planHasUnlimitedCredits(user.plan) && (
            <span className="text-xs text-slate-500" data-testid="sidebar-credits">
              {user.credits_remaining} credits
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
    </aside>
  );
}
