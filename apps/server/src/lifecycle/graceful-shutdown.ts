// The order of a graceful stop (SIGTERM, or Runtime.close() in tests): stop being ready and stop claiming jobs,
// close HTTP (no new connections, in-flight requests finish), let running jobs finish within the grace period,
// hand the scans still running back to the queue, then stop pg-boss and close the database.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Lifecycle } from './lifecycle';

/** After the abort, a scan's engine threads take about a second to stop; the hand-back is two statements. */
const HAND_BACK_WAIT_MS = 15_000;

export interface ShutdownParts {
  lifecycle: Lifecycle;
  graceMs: number;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  app?: FastifyInstance;
  boss?: PgBoss;
  /** Queues this process works on (their pollers stop first). */
  queues: readonly string[];
  stopSupervisor?: () => void;
  /** The worker's probe server: it keeps answering (readiness 503) until the jobs are done. */
  probe?: { close(): Promise<void> };
  closeDatabase(): Promise<void>;
}

export async function shutdownGracefully(parts: ShutdownParts): Promise<void> {
  const { lifecycle, logger, boss } = parts;
  const deadline = Date.now() + parts.graceMs;
  lifecycle.beginDrain();
  parts.stopSupervisor?.();
  // A poll already under way may still hand us a job; lifecycle.track refuses it (pg-boss retries it elsewhere).
  if (boss) for (const queue of parts.queues) await boss.offWork(queue).catch(() => undefined);
  const httpClosed = parts.app?.close().catch((err: unknown) => logger.error({ err }, 'closing the HTTP server failed'));

  if (lifecycle.activeJobs > 0) {
    logger.info({ jobs: lifecycle.activeJobs, graceMs: parts.graceMs }, 'shutting down: waiting for running jobs');
    if (!(await lifecycle.waitIdle(Math.max(0, deadline - Date.now())))) {
      logger.warn({ jobs: lifecycle.activeJobs }, 'shutdown grace period over: handing running scans back to the queue');
      lifecycle.releaseRunning();
      if (!(await lifecycle.waitIdle(HAND_BACK_WAIT_MS))) {
        // Their heartbeats stop with the database: the other workers' stale sweep takes them over.
        logger.error({ jobs: lifecycle.activeJobs }, 'jobs still running at shutdown; another worker will recover them');
      }
    }
  }
  await httpClosed;
  await parts.probe?.close();
  // Nothing of ours runs now; pg-boss fails (so retries) whatever a late poll left in its hands.
  await boss?.stop({ graceful: true, wait: true, close: false, timeout: 1000 }).catch((err: unknown) => logger.error({ err }, 'stopping the job queue failed'));
  await parts.closeDatabase();
}
