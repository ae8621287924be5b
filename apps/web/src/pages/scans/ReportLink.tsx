// Opening a report: ask the server for fresh signed URLs (they expire), then open the PDF or the JSON report in a
// new tab (spec section 7).
import type { MouseEvent, ReactNode } from 'react';
import toast from 'react-hot-toast';
import { MESSAGES, type TScan } from '@duescan/contracts';
import { getReportUrl } from '../../api/scans';

export type ReportFormat = 'pdf' | 'json';

export function ReportLink({ scan, className, children, format = 'pdf' }: { scan: TScan; className: string; children: ReactNode; format?: ReportFormat }) {
  async function open(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    try {
      const { report_url, json_url } = await getReportUrl(scan.id);
      const url = format === 'json' ? json_url : report_url;
      if (!url) throw new Error(`the server offers no ${format} report`);
      window.open(url, '_blank', 'noopener');
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
