import { ScanSearch } from 'lucide-react';
import { MESSAGES, SCANS_REFRESH_MS, type TScan } from '@duescan/contracts';
import { listScans } from '../../api/scans';
import { CliHint } from '../../components/CliHint';
import { formatDate, packageLabel } from '../../components/format';
import { ErrorBanner, PageHeader, Panel } from '../../components/PageHeader';
import { ScanStatusBadge } from '../../components/ScanStatus';
import { Spinner } from '../../components/Spinner';
import { useApiData } from '../../components/use-api-data';
import { usePageTitle } from '../../components/use-page-title';

const loadScans = () => listScans();

export function ScansPage() {
  usePageTitle('Scans');
  // Spec section 9: the list refreshes every 5 seconds so running scans update by themselves.
  const scans = useApiData(loadScans, SCANS_REFRESH_MS);
  return (
    <div className="max-w-6xl">
      <PageHeader title="Scans" subtitle="Every scan of your projects, refreshed every few seconds." />
      {scans.status === 'loading' && <Spinner label="Loading scans" />}
      {scans.status === 'error' && <ErrorBanner message={MESSAGES.scansLoadFailed} />}
      {scans.status === 'ready' && <ScanTable scans={scans.data} />}
    </div>
  );
}

function ScanTable({ scans }: { scans: TScan[] }) {
  if (scans.length === 0) {
    return (
      <Panel className="px-6 py-12 text-center">
        <ScanSearch className="mx-auto h-10 w-10 text-slate-300" aria-hidden />
        <p className="mt-2 font-medium text-slate-700">No scans yet</p>
        <div className="mt-4">
          <CliHint />
        </div>
      </Panel>
    );
  }
  return (
    <Panel className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th className="px-5 py-3 font-medium">Project</th>
            <th className="px-5 py-3 font-medium">Package</th>
            <th className="px-5 py-3 font-medium">Status</th>
            <th className="px-5 py-3 font-medium">Created</th>
            <th className="px-5 py-3 font-medium">Actions</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {scans.map((scan) => (
            <tr key={scan.id}>
              <td className="px-5 py-3 font-medium text-slate-900">{scan.project_name}</td>
              <td className="px-5 py-3 text-slate-600">{packageLabel(scan.package_type)}</td>
              <td className="px-5 py-3">
                <ScanStatusBadge status={scan.status} />
              </td>
              <td className="px-5 py-3 text-slate-600">{formatDate(scan.created_at)}</td>
              <td className="px-5 py-3">
                <ScanAction scan={scan} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Panel>
  );
}

function ScanAction({ scan }: { scan: TScan }) {
  if (scan.status === 'completed' && scan.report_url) {
    return (
      <a href={scan.report_url} target="_blank" rel="noreferrer" className="font-semibold text-indigo-600 hover:text-indigo-500">
        Download
      </a>
    );
  }
  if (scan.status === 'failed') {
    return (
      <span title={scan.error_message ?? ''} className="cursor-help font-semibold text-red-600 underline decoration-dotted">
        View Error
      </span>
    );
  }
  return <span className="text-slate-400">—</span>;
}
