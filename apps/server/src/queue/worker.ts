// The worker: subscribes each job's handler to its queue and schedules the cron jobs. The job list is built
// once by the composition root and passed in, and so is the process's lifecycle: every job runs inside
// lifecycle.track, so shutdown knows what is running and refuses jobs that arrive while it drains.
import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { ensureQueues } from './jobs';
import type { JobDefinition } from './job-definition';
import type { Lifecycle } from '../lifecycle/lifecycle';

/** Seconds between polls when a queue is idle (pg-boss default is 2). */
const POLLING_INTERVAL_SECONDS = 1;

export async function startWorker(
  boss: PgBoss,
  jobs: readonly JobDefinition[],
  logger: FastifyBaseLogger,
  lifecycle?: Pick<Lifecycle, 'track'>,
): Promise<void> {
  await ensureQueues(boss, jobs);
  for (const job of jobs) {
    const workers = job.concurrency ?? 1;
    for (let i = 0; i < workers; i++) {
      await boss.work(job.queue, { pollingIntervalSeconds: POLLING_INTERVAL_SECONDS }, async ([received]) => {
        if (!received) return;
        const run = async () => {
          const data = job.schema.parse(received.data);
          return job.handle(data, { logger: logger.child({ job: job.queue, jobId: received.id }), jobId: received.id });
        };
        return lifecycle ? lifecycle.track(run) : run();
      });
    }
    if (job.schedule) await boss.schedule(job.queue, job.schedule);
  }
  logger.info({ queues: jobs.map((j) => j.queue) }, 'worker started');
}
