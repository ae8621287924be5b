// Runs beside the worker: at start and then periodically, scans whose worker died (no heartbeat for
// SCAN_STALE_AFTER) go back to pending and get a fresh job, so nothing stays in 'processing' forever.
import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { RETENTION_CRON, expireReportsJob } from '../retention/expire-reports';
import { SCAN_QUEUE, scanJobOptions } from './scan-queue';
import { createScanStore } from './scan-store';
import { runningScans } from './run-scan-job';

export async function startScanSupervisor(
  boss: PgBoss,
  deps: { config: Config; database: Database; logger: FastifyBaseLogger },
): Promise<() => void> {
  const store = createScanStore(deps.database.db);
  const cfg = deps.config.scans;
  const sweep = async () => {
    const ids = await store.releaseStale(cfg.staleAfterMs, [...runningScans]);
    for (const scanId of ids) await boss.send(SCAN_QUEUE, { scanId }, scanJobOptions(cfg));
    if (ids.length) deps.logger.warn({ scans: ids }, 'scans of a stopped worker were queued again');
  };
  await boss.schedule(expireReportsJob.queue, RETENTION_CRON);
  await sweep();
  const timer = setInterval(
    () => void sweep().catch((err: unknown) => deps.logger.error({ err }, 'stale scan sweep failed')),
    Math.min(60_000, Math.max(500, cfg.staleAfterMs / 2)),
  );
  timer.unref();
  return () => clearInterval(timer);
}
