// The shape of a background job: a named queue, a zod schema for its payload and a handler.
import type PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { WorkerDeps } from './worker-deps';

export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  queue: string;
  schema: S;
  queueOptions?: Omit<PgBoss.Queue, 'name'>;
  /** How many jobs of this queue one worker process runs at once. */
  concurrency?: number;
  handle(data: z.infer<S>, deps: WorkerDeps): Promise<unknown>;
}

export function defineJob<S extends z.ZodType>(job: JobDefinition<S>): JobDefinition<S> {
  return job;
}
