// The scan job's queue name, payload and per-job retry/expiry options (they depend on configuration).
import type PgBoss from 'pg-boss';
import { z } from 'zod';
import type { ScanConfig } from './scan-config';

export const SCAN_QUEUE = 'scan.run';
export const ZScanJob = z.object({ scanId: z.uuid() });

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
