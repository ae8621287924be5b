// The shape of a background job. A queue (name, zod payload schema, retry options, optional cron) is what producers
// need; a job adds the handler. Handlers are built by factories that receive their services, so the composition
// root (start.ts, through composition/jobs.ts) builds every job once and nothing here knows a feature module.
import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';

export interface JobQueue<S extends z.ZodType = z.ZodType> {
  queue: string;
  schema: S;
  queueOptions?: Omit<PgBoss.Queue, 'name'>;
  /** A cron expression: the worker schedules the job (pg-boss keeps one schedule for all workers). */
  schedule?: string;
}

export interface JobContext {
  logger: FastifyBaseLogger;
  jobId: string;
}

export interface JobDefinition<S extends z.ZodType = z.ZodType> extends JobQueue<S> {
  /** How many jobs of this queue one worker process runs at once. */
  concurrency?: number;
  handle(data: z.infer<S>, context: JobContext): Promise<unknown>;
}

export function defineQueue<S extends z.ZodType>(queue: JobQueue<S>): JobQueue<S> {
  return queue;
}

export function defineJob<S extends z.ZodType>(
  queue: JobQueue<S>,
  job: Pick<JobDefinition<S>, 'handle' | 'concurrency'>,
): JobDefinition {
  return { ...queue, ...job } as unknown as JobDefinition;
}
