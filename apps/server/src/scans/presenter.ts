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
