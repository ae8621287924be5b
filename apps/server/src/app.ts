// The HTTP side: mounts the routes on the services the composition root (start.ts) built. Tests call buildApp()
// with a config and a database (the services are then built here, the same way) and use app.inject().
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { registerCompression } from './http/compression';
import type PgBoss from 'pg-boss';
import type { THealthResponse } from '@duescan/contracts';
import type { Config } from './config';
import type { Database } from './db/client';
import { createLogger } from './logger';
import { registerErrorHandling } from './http/error-handler';
import { registerSecurityHeaders } from './http/security';
import { registerUrlLengthLimit } from './http/url-length';
import { registerWebApp } from './http/static-web';
import { registerDownloads } from './http/downloads';
import { createAuthGuard } from './http/auth-guard';
import { createFormRateLimit } from './http/form-rate-limit';
import { authRoutes } from './auth/routes';
import { accountRoutes } from './accounts/routes';
import { scanRoutes } from './scans/scan-routes';
import { reportRoutes } from './reports/report-routes';
import { webhookSecretFor } from './delivery/webhook-signature';
import { openApiRoute, recordApiRoutes } from './openapi/routes';
import { registerPayments } from './payments/register';
import { contactRoutes } from './contact/routes';
import { betaRoutes } from './beta/routes';
import { createServices, type Services } from './composition/services';
import { createObjectStore } from './storage/create-object-store';
import type { ObjectStore } from './storage/object-store';
import type { Lifecycle } from './lifecycle/lifecycle';
import { readinessRoute } from './lifecycle/readiness';

export const API_PREFIX = '/api/v1';
/** The spec's promo call is written with the prefix twice; we accept that spelling for every API path. */
const DOUBLED_PREFIX = `${API_PREFIX}${API_PREFIX}/`;

export interface AppDeps {
  config: Config;
  database: Database;
  /** Present when the job queue runs (always in production); routes that enqueue need it. */
  boss?: PgBoss;
  logger?: FastifyBaseLogger;
  /** Built once by start.ts; absent in API-only tests, which get them built from the fields above. */
  services?: Services;
  /** The process's shutdown state, built once by start.ts (readiness turns 503 while draining); absent in API-only tests. */
  lifecycle?: Lifecycle;
}

export async function buildApp({ config, database, boss, logger, services: given, lifecycle }: AppDeps): Promise<FastifyInstance> {
  let services = given;
  let ownObjects: ObjectStore | undefined;
  if (!services) {
    // API-only tests: the object store comes from config.storage as start.ts builds it, and closes with the app.
    ownObjects = await createObjectStore(config.storage);
    services = createServices({ config, database, boss, objects: ownObjects });
  }
  const app = Fastify({
    loggerInstance: logger ?? createLogger(config),
    trustProxy: config.trustProxy,
    rewriteUrl: (req) => (req.url?.startsWith(DOUBLED_PREFIX) ? req.url.slice(API_PREFIX.length) : (req.url ?? '/')),
  });
  app.decorateRequest('user', null);
  const apiRoutes = recordApiRoutes(app, API_PREFIX);
  registerErrorHandling(app);
  registerUrlLengthLimit(app);
  await registerSecurityHeaders(app, config.publicUrl);
  await app.register(rateLimit, { global: false });
  await registerCompression(app);

  if (ownObjects) app.addHook('onClose', async () => ownObjects.close());
  const requireUser = createAuthGuard(services.auth);

  await app.register(
    async (api) => {
      // API answers carry tokens and personal data: no browser or proxy may keep a copy.
      api.addHook('onSend', async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      });
      api.get('/health', async (): Promise<THealthResponse> => ({ status: 'ok', database: database.kind, queue: services.boss ? 'up' : 'off' }));
      await api.register(readinessRoute({ database, lifecycle, queue: services.boss ? 'up' : 'off' }));
      await api.register(openApiRoute(apiRoutes, API_PREFIX));
      await api.register(authRoutes(services.auth, config.authRateLimit));
      await api.register(accountRoutes(services.accounts, requireUser));
      await api.register(
        scanRoutes(services.scans, requireUser, {
          uploadsDir: config.scans.uploadsDir,
          webhookSecret: (userId) => webhookSecretFor(config.jwtSecret, userId),
        }),
      );
      await api.register(reportRoutes(services.reports, requireUser));
      await registerPayments(api, services.payments, requireUser);
      if (services.forms) {
        const formsRateLimit = createFormRateLimit(api, 'forms', config.commerce.formRateLimit);
        await api.register(contactRoutes(services.forms.contact, formsRateLimit));
        await api.register(betaRoutes(services.forms.beta, formsRateLimit));
      }
    },
    { prefix: API_PREFIX },
  );
  registerDownloads(app, config.downloadsDir);
  await registerWebApp(app, config.webDist, config.publicUrl, config.ai !== null);
  return app;
}
