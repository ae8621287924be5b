import { FileText } from 'lucide-react';
import { MESSAGES, REPORTS_LIST_LIMIT, type TScan } from '@duescan/contracts';
import { listScans } from '../../api/scans';
import { CliHint } from '../../components/CliHint';
import { formatDate, packageLabel } from '../../components/format';
import { ErrorBanner, PageHeader, Panel } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { useApiData } from '../../components/use-api-data';
import { usePageTitle } from '../../components/use-page-title';
import { ReportLink } from '../scans/ReportLink';

const loadCompleted = async () => (await listScans(REPORTS_LIST_LIMIT)).filter((scan) => scan.status === 'completed');

export function ReportsPage() {
  usePageTitle('Reports');
  const reports = useApiData(loadCompleted);
  return (
    <div className="max-w-6xl">
      <PageHeader title="Reports" subtitle="Reports of your completed scans." />
      {reports.status === 'loading' && <Spinner label="Loading reports" />}
      {reports.status === 'error' && <ErrorBanner message={MESSAGES.reportsLoadFailed} />}
      {reports.status === 'ready' && <ReportGrid scans={reports.data} />}
    </div>
  );
}

function ReportGrid({ scans }: { scans: TScan[] }) {
  if (scans.length === 0) {
    return (
      <Panel className="px-6 py-12 text-center">
        <FileText className="mx-auto h-10 w-10 text-slate-300" aria-hidden />
        <p className="mt-2 font-medium text-slate-700">No reports yet</p>
        <p className="mt-1 text-sm text-slate-600">A report appears here when one of your scans completes.</p>
        <div className="mt-4">
          <CliHint />
        </div>
      </Panel>
    );
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {scans.map((scan) => (
        <ReportCard key={scan.id} scan={scan} />
      ))}
    </div>
  );
}

function ReportCard({ scan }: { scan: TScan }) {
  const score = scan.score === null ? null : Math.max(0, Math.min(100, Math.round(scan.score)));
  return (
    <Panel className="flex flex-col p-5">
      <span className="w-fit rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-semibold text-indigo-700">
        {packageLabel(scan.package_type)}
      </span>
      <h2 className="mt-3 truncate font-semibold text-slate-900" title={scan.project_name}>
        {scan.project_name}
      </h2>
      <p className="text-sm text-slate-500">{formatDate(scan.completed_at ?? scan.created_at)}</p>
      {score !== null && (
        <div className="mt-4">
          <div className="flex justify-between text-xs font-medium text-slate-600">
            <span>Security score</span>
            <span>{score}%</span>
          </div>
          <div className="mt-1 h-2 rounded-full bg-slate-100">
            <div
              className={`h-2 rounded-full ${score >= 80 ? 'bg-emerald-500' : score >= 50 ? 'bg-amber-500' : 'bg-red-500'}`}
              style={{ width: `${score}%` }}
            />
          </div>
        </div>
      )}
      {scan.report_url && (
        <div className="mt-5 flex gap-2">
          <ReportLink
            scan={scan}
            className="flex-1 rounded-lg bg-indigo-600 px-4 py-2 text-center text-sm font-semibold text-white hover:bg-indigo-500"
          >
            Download Report
          </ReportLink>
          <ReportLink
            scan={scan}
            format="json"
            className="rounded-lg border border-slate-300 px-4 py-2 text-center text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            JSON
          </ReportLink>
        </div>
      )}
    </Panel>
  );
}
