import { Link, Outlet } from 'react-router';
import { COPYRIGHT_YEAR } from '@duescan/contracts';
import { useSession } from '../session/session-context';
import { Logo } from './Logo';

export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <TopNav />
      <main className="flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}

function TopNav() {
  const { state } = useSession();
  const link = 'text-sm font-medium text-slate-600 hover:text-slate-900';
  return (
    <header className="sticky top-0 z-10 border-b border-slate-200 bg-white/90 backdrop-blur">
      <nav className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <Logo />
        <div className="flex items-center gap-3 sm:gap-6">
          <Link to="/docs/get-started" className={link}>
            Docs
          </Link>
          <Link to="/pricing" className={link}>
            Pricing
          </Link>
          {state.status === 'authenticated' ? (
            <Link to="/dashboard" className="rounded-lg bg-indigo-600 px-3 py-2 text-sm font-semibold whitespace-nowrap text-white hover:bg-indigo-500 sm:px-4">
              Dashboard
            </Link>
          ) : (
            <>
              <Link to="/login" className={link}>
                Login
              </Link>
              <Link to="/register" className="rounded-lg bg-indigo-600 px-3 py-2 text-sm font-semibold whitespace-nowrap text-white hover:bg-indigo-500 sm:px-4">
                Get Started
              </Link>
            </>
          )}
        </div>
      </nav>
    </header>
  );
}

function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-6 py-6 text-sm text-slate-500 sm:flex-row">
        <p>© {COPYRIGHT_YEAR} DueScan. All rights reserved.</p>
        <div className="flex gap-5">
          <Link to="/docs/get-started" className="hover:text-slate-800">
            Docs
          </Link>
          <Link to="/pricing" className="hover:text-slate-800">
            Pricing
          </Link>
          <Link to="/beta-testers" className="hover:text-slate-800">
            Beta program
          </Link>
          <Link to="/contact" className="hover:text-slate-800">
            Contact
          </Link>
        </div>
      </div>
    </footer>
  );
}
