// GET /reports/{id} (owner only) hands out signed links; the download checks the link, then retention.
import { MESSAGES, type TReportUrlResponse } from '@duescan/contracts';
import type { ScanRow, UserRow } from '../db/schema';
import { AppError, Errors } from '../errors';
import { describeDuration } from '../duration-text';
import type { ScanStore } from '../scans/scan-store';
import type { ObjectStore } from '../storage/object-store';
import type { ReportFormat, ReportLinks } from './report-links';

const notReady = () => new AppError('report_not_ready', 'The report is not ready yet: the scan has not completed', 409);
const badLink = () =>
  new AppError('bad_link', 'This download link is invalid or has expired. Open the report again from the Scans screen.', 403);

export function createReportService(deps: { store: ScanStore; objects: ObjectStore; links: ReportLinks; retentionMs: number; now?: () => number }) {
  const now = deps.now ?? Date.now;
  const reportExpired = () => new AppError('report_expired', MESSAGES.reportExpired(describeDuration(deps.retentionMs)), 410);
  function expired(scan: ScanRow): boolean {
    return Boolean(scan.filesDeletedAt) || (scan.completedAt !== null && scan.completedAt.getTime() + deps.retentionMs < now());
  }
  function available(scan: ScanRow | null): ScanRow {
    if (!scan) throw Errors.notFound('Scan not found');
    if (scan.status !== 'completed') throw notReady();
    if (expired(scan) || !scan.reportPdfPath) throw reportExpired();
    return scan;
  }
  return {
    async urls(user: UserRow, id: string): Promise<TReportUrlResponse> {
      const scan = available(await deps.store.ownedBy(user.id, id));
      return { report_url: deps.links.url(scan.id, 'pdf'), json_url: deps.links.url(scan.id, 'json') };
    },
    async open(id: string, format: ReportFormat, expires: number, sig: string) {
      if (!deps.links.verify(id, format, expires, sig)) throw badLink();
      const scan = available(await deps.store.byId(id));
      const key = format === 'pdf' ? scan.reportPdfPath : scan.reportJsonPath;
      // Streamed from the shared store (written by whichever worker ran the scan); gone means swept.
      const stream = key ? await deps.objects.get(key) : null;
      if (!stream) throw reportExpired();
      const safeName = scan.projectName.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80) || 'report';
      return {
        stream,
        contentType: format === 'pdf' ? 'application/pdf' : 'application/json',
        filename: `duescan-${safeName}.${format}`,
      };
    },
  };
}
export type ReportService = ReturnType<typeof createReportService>;
