// Composition root of the HTTP side: builds services from config + database and mounts the routes.
// Tests call buildApp() and use app.inject(); startServer() adds listen + worker on top.
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
import { deriveKeys } from './auth/keys';
import { createPasswordHasher } from './auth/passwords';
import { createAccessTokens } from './auth/jwt';
import { createAuthService } from './auth/service';
import { authRoutes } from './auth/routes';
import { createUserRepository } from './accounts/repository';
import { createAccountService } from './accounts/service';
import { createReadCache } from './scans/read-cache';
import { accountRoutes } from './accounts/routes';
import { createScanRepository } from './scans/repository';
import { registerScanService } from './scans/register';
import { openApiRoute, recordApiRoutes } from './openapi/routes';
import { registerPayments } from './payments/register';
import { registerForms } from './contact/register';

export const API_PREFIX = '/api/v1';
/** The spec's promo call is written with the prefix twice; we accept that spelling for every API path. */
const DOUBLED_PREFIX = `${API_PREFIX}${API_PREFIX}/`;

export interface AppDeps {
  config: Config;
  database: Database;
  /** Present when the job queue runs (always in production); routes that enqueue need it. */
  boss?: PgBoss;
  logger?: FastifyBaseLogger;
}

export async function buildApp({ config, database, boss, logger }: AppDeps): Promise<FastifyInstance> {
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

  const keys = deriveKeys(config.jwtSecret);
  const users = createUserRepository(database.db);
  const auth = createAuthService({
    users,
    keys,
    hasher: createPasswordHasher(config.argon2),
    accessTokens: createAccessTokens(keys.jwt, config.jwtTtlSeconds),
  });
  // One cache for the owner's scan reads (list pages, usage figures), shared by the two services that answer them.
  const readCache = createReadCache(config.readCacheEntries);
  const accounts = createAccountService({
    users,
    scans: createScanRepository(database.db),
    keys,
    readCache,
    retentionMs: config.scans.retentionMs,
  });
  const requireUser = createAuthGuard(auth);

  await app.register(
    async (api) => {
      // API answers carry tokens and personal data: no browser or proxy may keep a copy.
      api.addHook('onSend', async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      });
      api.get('/health', async (): Promise<THealthResponse> => ({ status: 'ok', database: database.kind, queue: boss ? 'up' : 'off' }));
      await api.register(openApiRoute(apiRoutes, API_PREFIX));
      await api.register(authRoutes(auth, config.authRateLimit));
      await api.register(accountRoutes(accounts, requireUser));
      await registerScanService(api, { config, database, boss, requireUser, readCache });
      await registerPayments(api, { config, database, requireUser });
      await registerForms(api, { config, database, boss });
    },
    { prefix: API_PREFIX },
  );
  registerDownloads(app, config.downloadsDir);
  await registerWebApp(app, config.webDist, config.publicUrl);
  return app;
}
