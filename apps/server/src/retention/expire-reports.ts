// Retention: REPORT_RETENTION (24 h) after completion the report files go; the row keeps its score and the
// download answers 410. Runs as a pg-boss cron job every 10 minutes; the download checks the age itself too,
// so a late sweep never serves an expired report.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { ScanConfig } from '../config/scan-config';
import { defineJob, defineQueue } from '../queue/job-definition';
import type { ScanStore } from '../scans/scan-store';
import { ObjectKeys } from '../storage/keys';
import type { ObjectStore } from '../storage/object-store';

export const RETENTION_CRON = '*/10 * * * *';
export const EXPIRE_REPORTS_QUEUE = defineQueue({ queue: 'reports.expire', schema: z.unknown(), schedule: RETENTION_CRON });

export async function expireReports(store: ScanStore, config: ScanConfig, objects: ObjectStore): Promise<number> {
  const due = await store.expiredWithFiles(config.retentionMs, 1000);
  for (const id of due) {
    await objects.deletePrefix(ObjectKeys.reportPrefix(id));
    await rm(path.join(config.sourcesDir, id), { recursive: true, force: true });
    await store.markFilesDeleted(id);
  }
  return due.length;
}

export function createExpireReportsJob(store: ScanStore, config: ScanConfig, objects: ObjectStore) {
  return defineJob(EXPIRE_REPORTS_QUEUE, { handle: async () => ({ expired: await expireReports(store, config, objects) }) });
}
