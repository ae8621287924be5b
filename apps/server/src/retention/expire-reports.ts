// Retention: REPORT_RETENTION (24 h) after completion the report files go; the row keeps its score and the
// download answers 410. Runs as a pg-boss cron job every 10 minutes; the download checks the age itself too,
// so a late sweep never serves an expired report.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { scans } from '../db/schema';
import type { Db } from '../db/client';
import { defineJob } from '../queue/job-definition';
import type { ScanConfig } from '../scans/scan-config';

export const RETENTION_CRON = '*/10 * * * *';

export async function expireReports(db: Db, config: ScanConfig): Promise<number> {
  const due = await db
    .select({ id: scans.id })
    .from(scans)
    .where(
      and(
        eq(scans.status, 'completed'),
        isNull(scans.filesDeletedAt),
        lt(scans.completedAt, sql`now() - ${`${config.retentionMs} milliseconds`}::interval`),
      ),
    )
    .limit(1000);
  for (const { id } of due) {
    await rm(path.join(config.reportsDir, id), { recursive: true, force: true });
    await rm(path.join(config.sourcesDir, id), { recursive: true, force: true });
    await db.update(scans).set({ filesDeletedAt: sql`now()`, reportPdfPath: null, reportJsonPath: null }).where(eq(scans.id, id));
  }
  return due.length;
}

export const expireReportsJob = defineJob({
  queue: 'reports.expire',
  schema: z.unknown(),
  async handle(_data, deps) {
    return { expired: await expireReports(deps.database.db, deps.config.scans) };
  },
});
