// Delivery of a finished scan: the PDF by e-mail (completed scans) and a signed webhook event (completed or
// failed, when the scan has a webhook URL). Each is its own pg-boss job with retries and exponential backoff;
// every attempt is recorded in the deliveries table. The stores and the mailer come from the composition root.
import type { ScanConfig } from '../config/scan-config';
import type { Mailer } from '../mail/mailer';
import { defineJob } from '../queue/job-definition';
import { presentScan } from '../scans/presenter';
import type { ScanStore } from '../scans/scan-store';
import { readObject } from '../storage/create-object-store';
import type { ObjectStore } from '../storage/object-store';
import type { DeliveryStore } from './delivery-store';
import { DELIVERY_EMAIL_QUEUE, DELIVERY_WEBHOOK_QUEUE, EMAIL_RETRY_LIMIT } from './delivery-queues';
import { postWebhook } from './post-webhook';
import { SIGNATURE_HEADER, signWebhook, webhookSecretFor } from './webhook-signature';

export interface DeliveryJobDeps {
  scans: ScanStore;
  deliveries: DeliveryStore;
  config: ScanConfig;
}

/** The e-mail job also reads the report PDF from the object store, to attach it. */
export function createDeliverEmailJob(
  { scans, deliveries, config }: DeliveryJobDeps,
  mailer: Mailer,
  objects: ObjectStore,
) {
  return defineJob(DELIVERY_EMAIL_QUEUE, {
    async handle({ scanId }) {
      const scan = await scans.byId(scanId);
      if (!scan || scan.status !== 'completed' || !scan.reportPdfPath) return { skipped: true };
      const to = await scans.ownerEmail(scan.userId);
      if (!to) return { skipped: true };
      const row = await deliveries.attempt(scanId, 'email', to);
      if (row.status === 'delivered') return { skipped: true };
      try {
        // Read from the shared store on every attempt: the worker that wrote the report may be another machine.
        const pdf = await readObject(objects, scan.reportPdfPath);
        if (!pdf) throw new Error('the report PDF is no longer in the store (expired before delivery)');
        await mailer.send({
          to,
          subject: `Your DueScan report for ${scan.projectName} is ready`,
          text:
            `Your ${scan.packageType} scan of ${scan.projectName} completed with a security score of ${Math.round(scan.score ?? 0)}%.\n\n` +
            `The PDF report is attached. It is also on the Scans screen for ${Math.round(config.retentionMs / 3_600_000)} hours, then deleted.\n`,
          attachments: [{ filename: 'duescan-report.pdf', content: pdf }],
        });
        await deliveries.succeeded(row.id);
      } catch (error) {
        await deliveries.failedAttempt(row.id, (error as Error).message, row.attempts > EMAIL_RETRY_LIMIT);
        throw error;
      }
      return { delivered: true };
    },
  });
}

export function createDeliverWebhookJob({ scans, deliveries, config }: DeliveryJobDeps, jwtSecret: string) {
  return defineJob(DELIVERY_WEBHOOK_QUEUE, {
    async handle({ scanId }) {
      const scan = await scans.byId(scanId);
      if (!scan?.webhookUrl || (scan.status !== 'completed' && scan.status !== 'failed')) return { skipped: true };
      const row = await deliveries.attempt(scanId, 'webhook', scan.webhookUrl);
      if (row.status === 'delivered') return { skipped: true };
      const body = JSON.stringify({ event: `scan.${scan.status}`, scan: presentScan(scan) });
      const secret = webhookSecretFor(jwtSecret, scan.userId);
      const final = row.attempts > config.webhookRetryLimit;
      try {
        const status = await postWebhook({
          url: scan.webhookUrl,
          body,
          headers: { [SIGNATURE_HEADER]: signWebhook(secret, body, Math.floor(Date.now() / 1000)), 'user-agent': 'DueScan-Webhook/1' },
          timeoutMs: config.webhookTimeoutMs,
          allowPrivate: config.allowPrivateTargets,
        });
        if (status < 200 || status >= 300) throw new Error(`receiver answered HTTP ${status}`);
        await deliveries.succeeded(row.id);
      } catch (error) {
        await deliveries.failedAttempt(row.id, (error as Error).message, final);
        if (final) return { delivered: false };
        throw error;
      }
      return { delivered: true };
    },
  });
}
