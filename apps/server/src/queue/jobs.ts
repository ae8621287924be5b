// The job catalogue. The worker registers every entry of JOBS; producers enqueue through `enqueue`, which
// validates the payload first. Feature modules add their jobs here (e.g. the scan service adds "scan.run").
import type PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { JobDefinition } from './job-definition';
import { sendMailJob } from '../mail/send-mail-job';

export const JOBS: readonly JobDefinition[] = [sendMailJob as unknown as JobDefinition];

/** Creates every queue (idempotent): producers may enqueue before any worker has started. */
export async function ensureQueues(boss: PgBoss): Promise<void> {
  for (const job of JOBS) await boss.createQueue(job.queue, { name: job.queue, ...job.queueOptions });
}

export async function enqueue<S extends z.ZodType>(
  boss: PgBoss,
  job: JobDefinition<S>,
  data: z.input<S>,
  options: PgBoss.SendOptions = {},
): Promise<string | null> {
  return boss.send(job.queue, job.schema.parse(data) as object, options);
}
