// pg-boss on the application's own database (PGlite or PostgreSQL) through our SQL executor, in its own schema.
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { SqlExecutor } from '../db/client';

export const QUEUE_SCHEMA = 'pgboss';

export async function startBoss(executor: SqlExecutor, logger: Pick<FastifyBaseLogger, 'error'>): Promise<PgBoss> {
  const boss = new PgBoss({ db: executor, schema: QUEUE_SCHEMA });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  return boss;
}
