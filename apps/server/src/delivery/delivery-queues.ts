// The delivery queues and the one function that queues a finished scan's deliveries: inside the transaction that
// finishes the scan (scan-store complete/fail), so a finished scan always has its deliveries queued, once.
import type PgBoss from 'pg-boss';
import { z } from 'zod';
import type { ScanConfig } from '../config/scan-config';
import type { TxExecutor } from '../db/transaction';
import { defineQueue } from '../queue/job-definition';
import { enqueue } from '../queue/jobs';

const ZDeliveryJob = z.object({ scanId: z.uuid() });
export const EMAIL_RETRY_LIMIT = 5;

export const DELIVERY_EMAIL_QUEUE = defineQueue({
  queue: 'delivery.email',
  schema: ZDeliveryJob,
  queueOptions: { retryLimit: EMAIL_RETRY_LIMIT, retryDelay: 30, retryBackoff: true },
});
export const DELIVERY_WEBHOOK_QUEUE = defineQueue({ queue: 'delivery.webhook', schema: ZDeliveryJob });

export function createDeliveryQueuer(boss: PgBoss, cfg: ScanConfig) {
  return async function queueDeliveries(
    scan: { id: string; webhookUrl: string | null },
    tx: TxExecutor,
  ): Promise<void> {
    await enqueue(boss, DELIVERY_EMAIL_QUEUE, { scanId: scan.id }, { db: tx });
    if (scan.webhookUrl) {
      await enqueue(
        boss,
        DELIVERY_WEBHOOK_QUEUE,
        { scanId: scan.id },
        {
          db: tx,
          retryLimit: cfg.webhookRetryLimit,
          retryDelay: cfg.webhookRetryDelaySeconds,
          retryBackoff: true,
        },
      );
    }
  };
}
