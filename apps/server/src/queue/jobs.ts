// The job catalogue. The worker registers every entry of JOBS; producers enqueue through `enqueue`, which
// validates the payload first. Feature modules add their jobs here (e.g. the scan service adds "scan.run").
import type PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { JobDefinition } from './job-definition';
import { sendMailJob } from '../mail/send-mail-job';
import { SCAN_SERVICE_JOBS } from '../scans/scan-jobs';
import { BETA_JOBS } from '../beta/beta-jobs';

export const JOBS: readonly JobDefinition[] = [sendMailJob as unknown as JobDefinition, ...SCAN_SERVICE_JOBS, ...BETA_JOBS];

/** Creates every queue (idempotent): producers may enqueue before any worker has started. */
export async function ensureQueues(boss: PgBoss): Promise<void> {
  for (const job of JOBS) await boss.createQueue(job.queue, { name: job.queue, ...job.queueOptions });
}

/**
 * Validates and sends. On PGlite there is one connection: calling this inside an open Drizzle transaction
 * would wait for that transaction forever. Commit first, then enqueue with `singletonKey` = the row id, and
 * let the job re-check the row (a crash between commit and send leaves a row a sweep can re-enqueue).
 */
export async function enqueue<S extends z.ZodType>(
  boss: PgBoss,
  job: JobDefinition<S>,
  data: z.input<S>,
  options: PgBoss.SendOptions = {},
): Promise<string | null> {
  return boss.send(job.queue, job.schema.parse(data) as object, options);
}
