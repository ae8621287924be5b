// The worker: subscribes a handler to every queue of the job catalogue.
import type PgBoss from 'pg-boss';
import { JOBS, ensureQueues } from './jobs';
import type { WorkerDeps } from './worker-deps';

/** Seconds between polls when a queue is idle (pg-boss default is 2). */
const POLLING_INTERVAL_SECONDS = 1;

export async function startWorker(boss: PgBoss, deps: WorkerDeps): Promise<void> {
  await ensureQueues(boss);
  for (const job of JOBS) {
    const workers = job.concurrency ?? 1;
    for (let i = 0; i < workers; i++) {
      await boss.work(job.queue, { pollingIntervalSeconds: POLLING_INTERVAL_SECONDS }, async ([received]) => {
        if (!received) return;
        const data = job.schema.parse(received.data);
        return job.handle(data, { ...deps, logger: deps.logger.child({ job: job.queue, jobId: received.id }) });
      });
    }
  }
  deps.logger.info({ queues: JOBS.map((j) => j.queue) }, 'worker started');
}
