import { Navigate, Outlet } from 'react-router';
import { useSession } from '../session/session-context';
import { Sidebar } from './Sidebar';
import { FullPageSpinner } from './Spinner';

// Guard for /dashboard, /scans, /reports and /account (spec sections 2 and 6).
export function ProtectedLayout() {
  const { state } = useSession();
  if (state.status === 'loading') return <FullPageSpinner />;
  if (state.status === 'anonymous') return <Navigate to="/login" replace />;
  return (
    <div className="flex min-h-screen bg-slate-50">
      <Sidebar user={state.user} />
      <main className="min-w-0 flex-1 px-6 py-8 lg:px-10">
        <Outlet />
      </main>
    </div>
  );
}
