// Shapes a scans row as the API's Scan (spec section 3).
import type { TScan } from '@duescan/contracts';
import type { ScanRow } from '../db/schema';

/** The columns a Scan is made of (list queries select only these). */
export type PresentableScan = Pick<
  ScanRow,
  'id' | 'projectName' | 'packageType' | 'status' | 'createdAt' | 'completedAt' | 'reportPdfPath' | 'errorMessage' | 'score'
>;

export function presentScan(row: PresentableScan): TScan {
  return {
    id: row.id,
    project_name: row.projectName,
    package_type: row.packageType,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt ? row.completedAt.toISOString() : null,
    // The download goes through GET /reports/{id}, which checks ownership and retention.
    report_url: row.status === 'completed' && row.reportPdfPath ? `/api/v1/reports/${row.id}` : null,
    error_message: row.errorMessage,
    score: row.score,
  };
}

/**
 * A list presented earlier (the read cache keeps them until the user's scans change) may name a report whose
 * retention has run out since; the expiry sweep runs every 10 minutes. Such links go; the same array comes back
 * when none expired, so a cached answer stays shared.
 */
export function hideExpiredLinks(scans: TScan[], retentionMs: number, now = Date.now()): TScan[] {
  const expired = (s: TScan) => s.report_url !== null && s.completed_at !== null && Date.parse(s.completed_at) + retentionMs < now;
  if (!scans.some(expired)) return scans;
  return scans.map((s) => (expired(s) ? { ...s, report_url: null } : s));
}
