// Process runtime: opens the database, starts the job queue, then the HTTP server and/or the worker.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import { loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { createLogger } from './logger';
import { buildApp } from './app';
import { startBoss } from './queue/boss';
import { ensureQueues } from './queue/jobs';
import { startWorker } from './queue/worker';
import { createMailer } from './mail/mailer';
import { startScanSupervisor } from './scans/supervisor';

export type RunMode = 'serve' | 'worker' | 'all';

export interface Runtime {
  /** Base URL of the HTTP server (absent in worker-only mode). */
  url?: string;
  app?: FastifyInstance;
  boss: PgBoss;
  database: Database;
  close(): Promise<void>;
}

export async function startRuntime(config: Config, mode: RunMode = 'all'): Promise<Runtime> {
  const logger = createLogger(config);
  if (!config.databaseUrl && !existsSync(path.join(config.pgliteDir, 'PG_VERSION'))) {
    logger.info({ dir: config.pgliteDir }, 'creating the embedded database (first start only; this can take a while)');
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    poolSize: config.databasePoolSize,
  });
  let boss: PgBoss | undefined;
  let app: FastifyInstance | undefined;
  let stopSupervisor: (() => void) | undefined;
  const close = async () => {
    stopSupervisor?.();
    await app?.close();
    // Waits for running jobs to finish (pg-boss default: up to 30 s) before the database goes away.
    await boss?.stop({ graceful: true, wait: true, close: false });
    await database.close();
  };
  try {
    boss = await database.withStartupLock(async () => {
      const started = await startBoss(database, logger);
      await ensureQueues(started);
      return started;
    });
    if (mode !== 'serve') {
      const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir, logger });
      await startWorker(boss, { config, database, mailer, logger, boss });
      stopSupervisor = await startScanSupervisor(boss, { config, database, logger });
    }
    let url: string | undefined;
    if (mode !== 'worker') {
      app = await buildApp({ config, database, boss, logger });
      await app.listen({ port: config.port, host: config.host });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
      url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    }
    logger.info({ mode, url, database: database.kind }, 'DueScan started');
    return { url, app, boss, database, close };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}

export interface StartServerOptions {
  /** 0 (the default) picks a free port; the chosen one is in the returned url. */
  port?: number;
  host?: string;
  dataDir: string;
  databaseUrl?: string;
  webDist?: string;
  /** Extra configuration variables (same names as the environment, e.g. JWT_SECRET, LOG_LEVEL). */
  env?: Record<string, string>;
}

/** Starts API + web app + worker in this process, for tests and embedding. Never reads process.env. */
export async function startServer(opts: StartServerOptions): Promise<{ url: string; close(): Promise<void> }> {
  const config = loadConfig({
    LOG_LEVEL: 'warn',
    ...opts.env,
    PORT: String(opts.port ?? 0),
    HOST: opts.host ?? '127.0.0.1',
    DATA_DIR: opts.dataDir,
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    ...(opts.webDist ? { WEB_DIST: opts.webDist } : {}),
  });
  const runtime = await startRuntime(config, 'all');
  return { url: runtime.url!, close: runtime.close };
}
