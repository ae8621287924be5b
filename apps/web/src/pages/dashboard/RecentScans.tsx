import { Link } from 'react-router';
import { ScanSearch } from 'lucide-react';
import type { TScan } from '@duescan/contracts';
import { formatDate, packageLabel } from '../../components/format';
import { Panel } from '../../components/PageHeader';
import { ScanStatusBadge } from '../../components/ScanStatus';

const cell = 'block md:table-cell md:px-5 md:py-3';

export function RecentScans({ scans }: { scans: TScan[] }) {
  return (
    <Panel className="mt-8">
      <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
        <h2 className="font-semibold text-slate-900">Recent Scans</h2>
        <Link to="/scans" className="text-sm font-semibold text-indigo-600 hover:text-indigo-500">
          View all
        </Link>
      </div>
      {scans.length === 0 ? (
        <div className="flex flex-col items-center gap-2 px-5 py-12 text-center">
          <ScanSearch className="h-10 w-10 text-slate-300" aria-hidden />
          <p className="font-medium text-slate-700">No scans yet</p>
          <Link to="/scans" className="text-sm font-semibold text-indigo-600 hover:text-indigo-500">
            Create your first scan
          </Link>
        </div>
      ) : (
        // Below 768 px each row is a card (block layout), so the dashboard never scrolls sideways.
        <table className="block w-full text-left text-sm md:table">
          <thead className="hidden text-xs tracking-wide text-slate-600 uppercase md:table-header-group">
            <tr>
              <th className="px-5 py-3 font-medium">Project</th>
              <th className="px-5 py-3 font-medium">Package</th>
              <th className="px-5 py-3 font-medium">Status</th>
              <th className="px-5 py-3 font-medium">Date</th>
            </tr>
          </thead>
          <tbody className="block divide-y divide-slate-100 md:table-row-group">
            {scans.map((scan) => (
              <tr key={scan.id} className="block space-y-1 px-4 py-3 md:table-row md:space-y-0 md:p-0">
                <td className={`${cell} font-medium break-words text-slate-900`}>{scan.project_name}</td>
                <td className={`${cell} text-slate-600`}>{packageLabel(scan.package_type)}</td>
                <td className={cell}>
                  <ScanStatusBadge status={scan.status} />
                </td>
                <td className={`${cell} text-slate-600`}>{formatDate(scan.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}
