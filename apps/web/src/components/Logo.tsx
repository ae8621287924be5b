import { Link } from 'react-router';
import { ShieldCheck } from 'lucide-react';

export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className="flex items-center gap-2 text-lg font-bold tracking-tight text-slate-900">
      <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-indigo-600 text-white">
        <ShieldCheck className="h-5 w-5" aria-hidden />
      </span>
      DueScan
    </Link>
  );
}
