// The services, built once per process by the composition root (start.ts) and handed to the HTTP app and the
// job list. Every store is created here, once; feature modules receive what they use and build nothing.
import type PgBoss from 'pg-boss';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { createUserRepository } from '../accounts/repository';
import { createAccountService } from '../accounts/service';
import { createApiTokenStore } from '../auth/api-token-store';
import { createAccessTokens } from '../auth/jwt';
import { deriveKeys } from '../auth/keys';
import { createPasswordHasher } from '../auth/passwords';
import { createAuthService } from '../auth/service';
import { createBetaService } from '../beta/beta-service';
import { createContactService } from '../contact/contact-service';
import { createDeliveryStore } from '../delivery/delivery-store';
import { createPayments } from '../payments/register';
import { createReportLinks } from '../reports/report-links';
import { createReportService } from '../reports/report-service';
import { createReadCache } from '../scans/read-cache';
import { createScanService } from '../scans/scan-service';
import { createScanStore } from '../scans/scan-store';
import type { ObjectStore } from '../storage/object-store';

export interface ServiceDeps {
  config: Config;
  database: Database;
  /** Present when the job queue runs (always in production); services that enqueue need it. */
  boss?: PgBoss;
  /** Uploaded sources and reports (local folder or S3), created and verified by start.ts before anything else. */
  objects: ObjectStore;
}

export function createServices({ config, database, boss, objects }: ServiceDeps) {
  const keys = deriveKeys(config.jwtSecret);
  const users = createUserRepository(database.db);
  const apiTokens = createApiTokenStore(users, keys);
  const auth = createAuthService({
    users,
    keys,
    apiTokens,
    hasher: createPasswordHasher(config.argon2),
    accessTokens: createAccessTokens(keys.jwt, config.jwtTtlSeconds),
  });
  const scanStore = createScanStore(database);
  // One cache for the owner's scan reads (list pages, usage figures), shared by the two services that answer them.
  const readCache = createReadCache(config.readCacheEntries);
  const retentionMs = config.scans.retentionMs;
  // Both public forms queue e-mail: without the queue (API-only tests) they are not offered.
  const forms = boss
    ? {
        contact: createContactService({ database, boss, supportEmail: config.commerce.supportEmail }),
        beta: createBetaService({ database, boss, supportEmail: config.commerce.supportEmail }),
      }
    : null;
  return {
    config,
    database,
    boss,
    objects,
    auth,
    accounts: createAccountService({ apiTokens, scans: scanStore, readCache, retentionMs }),
    scanStore,
    deliveryStore: createDeliveryStore(database.db),
    scans: createScanService({ database, store: scanStore, boss, config: config.scans, readCache, objects }),
    reports: createReportService({
      store: scanStore,
      objects,
      links: createReportLinks(config.jwtSecret, config.scans.reportLinkTtlMs),
      retentionMs,
    }),
    payments: createPayments(config, database),
    forms,
  };
}
export type Services = ReturnType<typeof createServices>;
