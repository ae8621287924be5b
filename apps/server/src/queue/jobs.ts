// Queue set-up and the one way to enqueue. Every producer sends through `enqueue`, which validates the payload
// with the queue's schema first; inside a transaction pass pg-boss's `db` option (a TxExecutor from
// db/transaction.ts) so the job commits or rolls back with the row it refers to. On PGlite there is one
// connection: sending outside that transaction while it is open would wait for it forever.
import type PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { JobQueue } from './job-definition';

/** Creates every queue (idempotent): producers may enqueue before any worker has started. */
export async function ensureQueues(boss: PgBoss, queues: readonly JobQueue[]): Promise<void> {
  for (const q of queues) await boss.createQueue(q.queue, { name: q.queue, ...q.queueOptions });
}

export async function enqueue<S extends z.ZodType>(
  boss: PgBoss,
  queue: JobQueue<S>,
  data: z.input<S>,
  options: PgBoss.SendOptions = {},
): Promise<string | null> {
  return boss.send(queue.queue, queue.schema.parse(data) as object, options);
}
