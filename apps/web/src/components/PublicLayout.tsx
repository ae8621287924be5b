import { Link, Outlet } from 'react-router';
import { COPYRIGHT_YEAR } from '@duescan/contracts';
import { useSession } from '../session/session-context';
import { Menu, X } from 'lucide-react';
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
  const signedIn = state.status === 'authenticated';
  return (
    <header className="sticky top-0 z-10 border-b border-slate-200 bg-white/90 backdrop-blur">
      <nav aria-label="Site" className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <Logo />
        <div className="hidden items-center gap-6 sm:flex">
          <NavLinks signedIn={signedIn} />
        </div>
        {/* Below 640 px the links fold into a menu; <details> needs no script, so it works on the static landing page too. */}
        <details className="group relative sm:hidden">
          <summary
            aria-label="Menu"
            className="flex h-11 w-11 cursor-pointer list-none items-center justify-center rounded-lg border border-slate-300 text-slate-700 [&::-webkit-details-marker]:hidden"
          >
            <Menu className="h-5 w-5 group-open:hidden" aria-hidden />
            <X className="hidden h-5 w-5 group-open:block" aria-hidden />
          </summary>
          <div
            className="absolute right-0 mt-2 flex w-52 flex-col gap-1 rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
            onClick={(event) => event.currentTarget.closest('details')?.removeAttribute('open')}
          >
            <NavLinks signedIn={signedIn} />
          </div>
        </details>
      </nav>
    </header>
  );
}

function NavLinks({ signedIn }: { signedIn: boolean }) {
  const link = 'rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:text-slate-900 sm:px-0';
  const primary = 'rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold whitespace-nowrap text-white hover:bg-indigo-500';
  return (
    <>
      <Link to="/docs/get-started" className={link}>
        Docs
      </Link>
      <Link to="/pricing" className={link}>
        Pricing
      </Link>
      {signedIn ? (
        <Link to="/dashboard" className={primary}>
          Dashboard
        </Link>
      ) : (
        <>
          <Link to="/login" className={link}>
            Login
          </Link>
          <Link to="/register" className={primary}>
            Get Started
          </Link>
        </>
      )}
    </>
  );
}

function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-6 py-6 text-sm text-slate-600 sm:flex-row">
        <p>© {COPYRIGHT_YEAR} DueScan. All rights reserved.</p>
        <div className="flex flex-wrap justify-center gap-x-5 gap-y-2">
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
          <Link to="/terms" className="hover:text-slate-800">
            Terms
          </Link>
          <Link to="/privacy" className="hover:text-slate-800">
            Privacy
          </Link>
        </div>
      </div>
    </footer>
  );
}
