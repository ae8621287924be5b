// Process runtime and the composition root: opens the object store and the database, starts the job queue, builds
// the services and the job list once (composition/), then starts the HTTP server and/or the worker on them.
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
import { createServices } from './composition/services';
import { createJobs, QUEUES } from './composition/jobs';
import { createObjectStore } from './storage/create-object-store';
import { createLifecycle } from './lifecycle/lifecycle';
import { shutdownGracefully } from './lifecycle/graceful-shutdown';
import { startProbeServer, type ProbeServer } from './lifecycle/probe-server';

export type RunMode = 'serve' | 'worker' | 'all';
export const RUN_MODES: readonly RunMode[] = ['serve', 'worker', 'all'];

export interface Runtime {
  /** Base URL of the HTTP server (absent in worker-only mode). */
  url?: string;
  app?: FastifyInstance;
  /** Port of the worker's probe server (worker mode with WORKER_PROBE_PORT). */
  probePort?: number;
  boss: PgBoss;
  database: Database;
  close(): Promise<void>;
}

export async function startRuntime(config: Config, mode: RunMode = 'all'): Promise<Runtime> {
  const logger = createLogger(config);
  // Checked first: a wrong bucket, endpoint or data folder fails the start at once, saying what to fix.
  const objects = await createObjectStore(config.storage);
  await objects.verify().catch((error: unknown) => {
    objects.close();
    throw error;
  });
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
  let probe: ProbeServer | undefined;
  // One shutdown state per process: the worker tracks its jobs in it, the scan job listens to its release signal,
  // and readiness (API and worker probes) turns 503 as soon as it drains.
  const lifecycle = createLifecycle();
  // SIGTERM and tests both end here: running scans get SHUTDOWN_GRACE_SECONDS, then go back to the queue.
  const close = () =>
    shutdownGracefully({
      lifecycle,
      graceMs: config.lifecycle.shutdownGraceMs,
      logger,
      app,
      boss,
      queues: QUEUES.map((queue) => queue.queue),
      stopSupervisor,
      probe,
      closeDatabase: async () => {
        await database.close();
        objects.close();
      },
    });
  try {
    boss = await database.withStartupLock(async () => {
      const started = await startBoss(database, logger);
      await ensureQueues(started, QUEUES);
      return started;
    });
    const services = createServices({ config, database, boss, objects });
    if (mode !== 'serve') {
      const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir, logger });
      await startWorker(boss, createJobs(services, boss, mailer, lifecycle.releaseSignal), logger, lifecycle);
      stopSupervisor = await startScanSupervisor({ boss, store: services.scanStore, config: config.scans, logger });
      if (mode === 'worker' && config.lifecycle.workerProbePort !== undefined) {
        probe = await startProbeServer({ database, lifecycle, queue: 'up' }, config.lifecycle.workerProbePort, config.host);
      }
    }
    let url: string | undefined;
    if (mode !== 'worker') {
      app = await buildApp({ config, database, boss, logger, services, lifecycle });
      await app.listen({ port: config.port, host: config.host });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
      url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    }
    logger.info({ mode, url, database: database.kind, storage: objects.kind }, 'DueScan started');
    return { url, app, probePort: probe?.port, boss, database, close };
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
