// Delivery of a finished scan: the PDF by e-mail (completed scans) and a signed webhook event (completed or
// failed, when the scan has a webhook URL). Each is its own pg-boss job with retries and exponential backoff;
// every attempt is recorded in the deliveries table.
import { z } from 'zod';
import { defineJob } from '../queue/job-definition';
import { presentScan } from '../scans/presenter';
import { createScanStore } from '../scans/scan-store';
import { createDeliveryStore } from './delivery-store';
import { postWebhook } from './post-webhook';
import { SIGNATURE_HEADER, signWebhook, webhookSecretFor } from './webhook-signature';

const ZDeliveryJob = z.object({ scanId: z.uuid() });
export const EMAIL_RETRY_LIMIT = 5;

export const deliverEmailJob = defineJob({
  queue: 'delivery.email',
  schema: ZDeliveryJob,
  queueOptions: { retryLimit: EMAIL_RETRY_LIMIT, retryDelay: 30, retryBackoff: true },
  async handle({ scanId }, deps) {
    const scan = await createScanStore(deps.database.db).byId(scanId);
    if (!scan || scan.status !== 'completed' || !scan.reportPdfPath) return { skipped: true };
    const to = await createScanStore(deps.database.db).ownerEmail(scan.userId);
    if (!to) return { skipped: true };
    const store = createDeliveryStore(deps.database.db);
    const row = await store.attempt(scanId, 'email', to);
    if (row.status === 'delivered') return { skipped: true };
    try {
      await deps.mailer.send({
        to,
        subject: `Your DueScan report for ${scan.projectName} is ready`,
        text:
          `Your ${scan.packageType} scan of ${scan.projectName} completed with a security score of ${Math.round(scan.score ?? 0)}%.\n\n` +
          `The PDF report is attached. It is also on the Scans screen for ${Math.round(deps.config.scans.retentionMs / 3_600_000)} hours, then deleted.\n`,
        attachments: [{ filename: 'duescan-report.pdf', path: scan.reportPdfPath }],
      });
      await store.succeeded(row.id);
    } catch (error) {
      await store.failedAttempt(row.id, (error as Error).message, row.attempts > EMAIL_RETRY_LIMIT);
      throw error;
    }
    return { delivered: true };
  },
});

export const deliverWebhookJob = defineJob({
  queue: 'delivery.webhook',
  schema: ZDeliveryJob,
  async handle({ scanId }, deps) {
    const scan = await createScanStore(deps.database.db).byId(scanId);
    if (!scan?.webhookUrl || (scan.status !== 'completed' && scan.status !== 'failed')) return { skipped: true };
    const store = createDeliveryStore(deps.database.db);
    const row = await store.attempt(scanId, 'webhook', scan.webhookUrl);
    if (row.status === 'delivered') return { skipped: true };
    const body = JSON.stringify({ event: `scan.${scan.status}`, scan: presentScan(scan) });
    const secret = webhookSecretFor(deps.config.jwtSecret, scan.userId);
    const final = row.attempts > deps.config.scans.webhookRetryLimit;
    try {
      const status = await postWebhook({
        url: scan.webhookUrl,
        body,
        headers: { [SIGNATURE_HEADER]: signWebhook(secret, body, Math.floor(Date.now() / 1000)), 'user-agent': 'DueScan-Webhook/1' },
        timeoutMs: deps.config.scans.webhookTimeoutMs,
        allowPrivate: deps.config.scans.allowPrivateTargets,
      });
      if (status < 200 || status >= 300) throw new Error(`receiver answered HTTP ${status}`);
      await store.succeeded(row.id);
    } catch (error) {
      await store.failedAttempt(row.id, (error as Error).message, final);
      if (final) return { delivered: false };
      throw error;
    }
    return { delivered: true };
  },
});
