// The job list, built once by the composition root for the worker, from the services and the mailer. QUEUES is
// every queue any producer may send to (created at start-up, before a worker runs, in every mode).
import type PgBoss from 'pg-boss';
import type { Mailer } from '../mail/mailer';
import { createSendMailJob, MAIL_QUEUE } from '../mail/send-mail-job';
import type { JobDefinition, JobQueue } from '../queue/job-definition';
import { createRunScanJob } from '../scans/run-scan-job';
import { enqueueScan, SCAN_QUEUE } from '../scans/scan-queue';
import { createDeliverEmailJob, createDeliverWebhookJob } from '../delivery/delivery-jobs';
import {
  createDeliveryQueuer,
  DELIVERY_EMAIL_QUEUE,
  DELIVERY_WEBHOOK_QUEUE,
} from '../delivery/delivery-queues';
import { createExpireReportsJob, EXPIRE_REPORTS_QUEUE } from '../retention/expire-reports';
import { createBetaJobs } from '../beta/beta-jobs';
import { BETA_FEEDBACK_QUEUE, BETA_WELCOME_QUEUE } from '../beta/beta-queues';
import { scheduleBetaFeedback } from '../beta/beta-service';
import type { Services } from './services';

export const QUEUES: readonly JobQueue[] = [
  MAIL_QUEUE,
  SCAN_QUEUE,
  DELIVERY_EMAIL_QUEUE,
  DELIVERY_WEBHOOK_QUEUE,
  EXPIRE_REPORTS_QUEUE,
  BETA_WELCOME_QUEUE,
  BETA_FEEDBACK_QUEUE,
];

/** `shutdown` is the lifecycle's release signal (start.ts): aborted when the shutdown grace period is over. */
export function createJobs(services: Services, boss: PgBoss, mailer: Mailer, shutdown?: AbortSignal): JobDefinition[] {
  const { config, database, scanStore, objects } = services;
  const deliveryDeps = { scans: scanStore, deliveries: services.deliveryStore, config: config.scans };
  return [
    createSendMailJob(mailer),
    createRunScanJob({
      store: scanStore,
      objects,
      config: config.scans,
      ai: config.ai,
      queueDeliveries: createDeliveryQueuer(boss, config.scans),
      requeue: (tx, scanId) => enqueueScan(boss, config.scans, tx, scanId),
      shutdown,
      // The beta feedback mail is a courtesy: the job logs its failure and the finished scan stays as it is.
      afterCompleted: async (scan) => {
        await scheduleBetaFeedback(database, boss, scan.userId, config.commerce.betaFeedbackDelayMs);
      },
    }),
    createDeliverEmailJob(deliveryDeps, mailer, objects),
    createDeliverWebhookJob(deliveryDeps, config.jwtSecret),
    createExpireReportsJob(scanStore, config.scans, objects),
    ...createBetaJobs({ database, mailer, publicUrl: config.publicUrl }),
  ];
}
