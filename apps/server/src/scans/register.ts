// Mounts the scan service's routes (scans + reports) on the API; called from the composition root (../app.ts).
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { createReportLinks } from '../reports/report-links';
import { createReportService } from '../reports/report-service';
import { reportRoutes } from '../reports/report-routes';
import { webhookSecretFor } from '../delivery/webhook-signature';
import type { ReadCache } from './read-cache';
import { createScanService } from './scan-service';
import { createScanStore } from './scan-store';
import { scanRoutes } from './scan-routes';

export async function registerScanService(
  api: FastifyInstance,
  deps: { config: Config; database: Database; boss?: PgBoss; requireUser: preHandlerHookHandler; readCache: ReadCache },
): Promise<void> {
  const cfg = deps.config.scans;
  const scans = createScanService({ database: deps.database, boss: deps.boss, config: cfg, readCache: deps.readCache });
  const reports = createReportService({
    store: createScanStore(deps.database.db),
    links: createReportLinks(deps.config.jwtSecret, cfg.reportLinkTtlMs),
    retentionMs: cfg.retentionMs,
  });
  await api.register(
    scanRoutes(scans, deps.requireUser, {
      uploadsDir: cfg.uploadsDir,
      webhookSecret: (userId) => webhookSecretFor(deps.config.jwtSecret, userId),
    }),
  );
  await api.register(reportRoutes(reports, deps.requireUser));
}
