// Opening a report: ask the server for a fresh signed URL (they expire), then open it in a new tab (spec section 7).
import type { MouseEvent, ReactNode } from 'react';
import toast from 'react-hot-toast';
import { MESSAGES, type TScan } from '@duescan/contracts';
import { getReportUrl } from '../../api/scans';

export function ReportLink({ scan, className, children }: { scan: TScan; className: string; children: ReactNode }) {
  async function open(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    try {
      const { report_url } = await getReportUrl(scan.id);
      window.open(report_url, '_blank', 'noopener');
    } catch {
      toast.error(MESSAGES.reportUrlFailed);
    }
  }
  return (
    <a href={scan.report_url ?? '#'} target="_blank" rel="noreferrer" onClick={(event) => void open(event)} className={className}>
      {children}
    </a>
  );
}
