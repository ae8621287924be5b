// The scan job's queue, payload and per-job retry/expiry options (they depend on configuration), and the one
// function that queues a scan: always inside the transaction that made the scan runnable (created, or released
// after its worker died), so a scan row never waits without its job.
import type PgBoss from 'pg-boss';
import { z } from 'zod';
import type { ScanConfig } from '../config/scan-config';
import type { TxExecutor } from '../db/transaction';
import { defineQueue } from '../queue/job-definition';
import { enqueue } from '../queue/jobs';

export const SCAN_QUEUE = defineQueue({ queue: 'scan.run', schema: z.object({ scanId: z.uuid() }) });

export function scanJobOptions(config: ScanConfig): PgBoss.SendOptions {
  return {
    // One more pg-boss retry than our own attempt budget: the row's attempt count decides when to give up.
    retryLimit: config.maxAttempts,
    retryDelay: config.retryDelaySeconds,
    retryBackoff: true,
    // A job whose worker died is expired and retried by pg-boss; the stale sweep usually gets there first.
    expireInSeconds: Math.ceil((config.timeoutMs + config.cloneTimeoutMs) / 1000) + 120,
  };
}

export async function enqueueScan(boss: PgBoss, config: ScanConfig, tx: TxExecutor, scanId: string): Promise<void> {
  await enqueue(boss, SCAN_QUEUE, { scanId }, { ...scanJobOptions(config), db: tx });
}
