import { Link } from 'react-router';
import { CalendarDays, CheckCircle2, Coins, CreditCard, FileText, Layers, ScanSearch, type LucideIcon } from 'lucide-react';
import { MESSAGES, planHasUnlimitedCredits, type TUsageResponse } from '@duescan/contracts';
import { getUsage } from '../../api/account';
import { PageHeader, ErrorBanner } from '../../components/PageHeader';
import { PlanBadge } from '../../components/PlanBadge';
import { Spinner } from '../../components/Spinner';
import { useApiData } from '../../components/use-api-data';
import { useUser } from '../../session/session-context';
import { RecentScans } from './RecentScans';
import { usePageTitle } from '../../components/use-page-title';

export function DashboardPage() {
  usePageTitle('Dashboard');
  const user = useUser();
  const usage = useApiData(getUsage);
  return (
    <div className="max-w-6xl">
      <PageHeader title={`Welcome back, ${user.email}`} subtitle="Your scans, credits and reports at a glance." />
      {usage.status === 'loading' && <Spinner label="Loading dashboard" />}
      {usage.status === 'error' && <ErrorBanner message={MESSAGES.dashboardLoadFailed} />}
      {usage.status === 'ready' && <DashboardBody usage={usage.data} />}
      <Shortcuts />
    </div>
  );
}

function DashboardBody({ usage }: { usage: TUsageResponse }) {
  const unlimited = planHasUnlimitedCredits(usage.plan);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Total Scans" value={usage.stats.total_scans} icon={Layers} />
        <StatCard label="Completed" value={usage.stats.completed_scans} icon={CheckCircle2} />
        <StatCard label="This Month" value={usage.stats.monthly_scans} icon={CalendarDays} />
        <StatCard label="Credits Remaining" value={unlimited ? '∞' : usage.credits_remaining} icon={Coins}>
          <PlanBadge plan={usage.plan} />
        </StatCard>
      </div>
      <RecentScans scans={usage.recent_scans} />
    </>
  );
}

function StatCard({ label, value, icon: Icon, children }: { label: string; value: number | string; icon: LucideIcon; children?: React.ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-center justify-between">
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <Icon className="h-5 w-5 text-indigo-500" aria-hidden />
      </div>
      <div className="mt-3 flex items-center gap-3">
        <p className="text-3xl font-bold text-slate-900" data-testid={`stat-${label}`}>
          {value}
        </p>
        {children}
      </div>
    </div>
  );
}

const SHORTCUTS: { to: string; title: string; text: string; icon: LucideIcon }[] = [
  { to: '/scans', title: 'Scans', text: 'Follow your scans and their status.', icon: ScanSearch },
  { to: '/reports', title: 'Reports', text: 'Download the reports of completed scans.', icon: FileText },
  { to: '/pricing', title: 'Pricing', text: 'Compare plans and get more credits.', icon: CreditCard },
];

function Shortcuts() {
  return (
    <div className="mt-8 grid gap-4 md:grid-cols-3">
      {SHORTCUTS.map(({ to, title, text, icon: Icon }) => (
        <Link
          key={to}
          to={to}
          className="group flex items-start gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-indigo-300 hover:shadow"
        >
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600 group-hover:bg-indigo-100">
            <Icon className="h-5 w-5" aria-hidden />
          </span>
          <span>
            <span className="block font-semibold text-slate-900">{title}</span>
            <span className="block text-sm text-slate-600">{text}</span>
          </span>
        </Link>
      ))}
    </div>
  );
}
