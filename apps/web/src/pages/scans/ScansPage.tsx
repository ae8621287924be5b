import { ScanSearch } from 'lucide-react';
import { MESSAGES, type TScan } from '@duescan/contracts';
import { CliHint } from '../../components/CliHint';
import { formatDate, packageLabel } from '../../components/format';
import { ErrorBanner, PageHeader, Panel } from '../../components/PageHeader';
import { ScanStatusBadge } from '../../components/ScanStatus';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/use-page-title';
import { NewScanForm } from './NewScanForm';
import { ReportLink } from './ReportLink';
import { useScanList } from './use-scan-list';

export function ScansPage() {
  usePageTitle('Scans');
  // Spec section 9: the list refreshes every 5 seconds so running scans update by themselves.
  const list = useScanList();
  return (
    <div className="max-w-6xl">
      <PageHeader title="Scans" subtitle="Start a scan and follow it here; the list refreshes every few seconds." />
      <NewScanForm onCreated={list.reload} />
      {list.failed && (
        <div className="mb-4">
          <ErrorBanner message={MESSAGES.scansLoadFailed} />
        </div>
      )}
      {list.scans === null ? list.failed ? null : <Spinner label="Loading scans" /> : <ScanTable scans={list.scans} />}
    </div>
  );
}

const cell = 'block md:table-cell md:px-5 md:py-3';

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
      {/* Below 768 px each row is a card (block layout): every action stays on screen without sideways scrolling. */}
      <table className="block w-full text-left text-sm md:table">
        <thead className="hidden text-xs tracking-wide text-slate-600 uppercase md:table-header-group">
          <tr>
            <th className="px-5 py-3 font-medium">Project</th>
            <th className="px-5 py-3 font-medium">Package</th>
            <th className="px-5 py-3 font-medium">Status</th>
            <th className="px-5 py-3 font-medium">Created</th>
            <th className="px-5 py-3 font-medium">Actions</th>
          </tr>
        </thead>
        <tbody className="block divide-y divide-slate-100 md:table-row-group">
          {scans.map((scan) => (
            <tr key={scan.id} data-testid={`scan-row-${scan.id}`} className="block space-y-1 px-4 py-3 md:table-row md:space-y-0 md:p-0">
              <td className={`${cell} font-medium break-words text-slate-900 md:max-w-xs md:truncate`} title={scan.project_name}>
                {scan.project_name}
              </td>
              <td className={`${cell} text-slate-600`}>{packageLabel(scan.package_type)}</td>
              <td className={cell}>
                <ScanStatusBadge status={scan.status} />
              </td>
              <td className={`${cell} text-slate-600`}>{formatDate(scan.created_at)}</td>
              <td className={cell}>
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
      <span className="flex gap-4">
        <ReportLink scan={scan} className="font-semibold text-indigo-700 hover:text-indigo-500">
          Download
        </ReportLink>
        <ReportLink scan={scan} format="json" className="font-semibold text-indigo-700 hover:text-indigo-500">
          JSON
        </ReportLink>
      </span>
    );
  }
  if (scan.status === 'failed') {
    return <ErrorTooltip message={scan.error_message ?? 'The scan failed'} />;
  }
  return <span className="text-slate-400">—</span>;
}

/** 'View Error' with the scan's error message in a tooltip: on hover and on keyboard focus, and as the title. */
function ErrorTooltip({ message }: { message: string }) {
  return (
    <span className="group relative inline-block">
      <button
        type="button"
        title={message}
        className="cursor-help font-semibold text-red-600 underline decoration-dotted focus:outline-none focus-visible:ring-2 focus-visible:ring-red-200"
      >
        View Error
      </button>
      <span
        role="tooltip"
        className="pointer-events-none absolute right-0 bottom-full z-10 mb-2 hidden w-72 rounded-lg bg-slate-900 px-3 py-2 text-xs font-normal whitespace-normal text-white shadow-lg group-focus-within:block group-hover:block"
      >
        {message}
      </span>
    </span>
  );
}
