// The 410 answer tells the truth about this server's REPORT_RETENTION, whatever it is set to.
import { describe, expect, it } from 'vitest';
import type { ScanRow, UserRow } from '../db/schema';
import type { ScanStore } from '../scans/scan-store';
import { createLocalStore } from '../storage/local-store';
import { createReportLinks } from './report-links';
import { createReportService } from './report-service';

const HOUR = 3_600_000;
const NOW = Date.parse('2026-11-23T12:00:00Z');

function serviceWith(retentionMs: number, completedHoursAgo: number) {
  const scan = {
    id: 'scan-1',
    userId: 'user-1',
    status: 'completed',
    completedAt: new Date(NOW - completedHoursAgo * HOUR),
    filesDeletedAt: null,
    reportPdfPath: 'reports/scan-1/report.pdf',
    reportJsonPath: 'reports/scan-1/report.json',
  } as unknown as ScanRow;
  const store = { ownedBy: async () => scan, byId: async () => scan } as unknown as ScanStore;
  return createReportService({ store, objects: createLocalStore('/nonexistent-duescan-data'), links: createReportLinks('x'.repeat(32), 60_000, () => NOW), retentionMs, now: () => NOW });
}
const user = { id: 'user-1' } as UserRow;

describe('report retention message', () => {
  it.each([
    [2 * HOUR, 3, 'reports are deleted 2 hours after the scan completes'],
    [24 * HOUR, 25, 'reports are deleted 24 hours after the scan completes'],
    [7 * 24 * HOUR, 7 * 24 + 1, 'reports are deleted 7 days after the scan completes'],
  ])('retention %i ms answers 410 naming it', async (retentionMs, hoursAgo, text) => {
    await expect(serviceWith(retentionMs, hoursAgo).urls(user, 'scan-1')).rejects.toMatchObject({ status: 410, message: expect.stringContaining(text) });
  });
  it('serves links inside the retention period', async () => {
    await expect(serviceWith(2 * HOUR, 1).urls(user, 'scan-1')).resolves.toMatchObject({ report_url: expect.stringContaining('scan-1') });
  });
});
