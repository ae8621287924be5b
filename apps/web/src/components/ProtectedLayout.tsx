import { Navigate, Outlet } from 'react-router';
import type { TUser } from '@duescan/contracts';
import { useSession } from '../session/session-context';
import { PublicLayout } from './PublicLayout';
import { Sidebar } from './Sidebar';
import { FullPageSpinner } from './Spinner';

// Guard for /dashboard, /scans, /reports and /account (spec sections 2 and 6).
export function ProtectedLayout() {
  const { state } = useSession();
  if (state.status === 'loading') return <FullPageSpinner />;
  if (state.status === 'anonymous') return <Navigate to={state.signedOut ? '/' : '/login'} replace />;
  return <AppShell user={state.user} />;
}

/**
 * For public pages that are also a sidebar entry (Pricing): signed-in users keep the sidebar,
 * visitors get the public navigation.
 */
export function AdaptiveLayout() {
  const { state } = useSession();
  if (state.status === 'loading') return <FullPageSpinner />;
  if (state.status === 'authenticated') return <AppShell user={state.user} />;
  return <PublicLayout />;
}

function AppShell({ user }: { user: TUser }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 md:flex-row">
      <Sidebar user={user} />
      <main className="min-w-0 flex-1 px-4 py-6 sm:px-6 md:py-8 lg:px-10">
        <Outlet />
      </main>
    </div>
  );
}
