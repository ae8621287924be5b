// Runs beside the worker: at start and then periodically, scans whose worker died (no heartbeat for
// SCAN_STALE_AFTER) go back to pending and get a fresh job in the same transaction, so nothing stays in
// 'processing' forever.
import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { ScanConfig } from '../config/scan-config';
import { enqueueScan } from './scan-queue';
import type { ScanStore } from './scan-store';
import { runningScans } from './run-scan-job';

export async function startScanSupervisor(deps: {
  boss: PgBoss;
  store: ScanStore;
  config: ScanConfig;
  logger: FastifyBaseLogger;
}): Promise<() => void> {
  const { boss, store, config: cfg, logger } = deps;
  const sweep = async () => {
    const ids = await store.releaseStale(cfg.staleAfterMs, [...runningScans], (tx, scanId) => enqueueScan(boss, cfg, tx, scanId));
    if (ids.length) logger.warn({ scans: ids }, 'scans of a stopped worker were queued again');
  };
  await sweep();
  const timer = setInterval(
    () => void sweep().catch((err: unknown) => logger.error({ err }, 'stale scan sweep failed')),
    Math.min(60_000, Math.max(500, cfg.staleAfterMs / 2)),
  );
  timer.unref();
  return () => clearInterval(timer);
}
