// What job handlers may use. Kept narrow so handlers stay testable without a server.
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Mailer } from '../mail/mailer';

export interface WorkerDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  /** For handlers that queue follow-up jobs (the scan job queues its deliveries). */
  boss?: PgBoss;
}
