// Test harness: a fresh database per test file (PGlite always, PostgreSQL too when DATABASE_URL is set) and
// an app built on it for fastify.inject.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { createTestDatabase, type TestDatabase } from '../src/testing/test-database';

export type EngineKind = 'pglite' | 'postgres';

/** The admin URL of the local PostgreSQL, when the run has one (CI sets DATABASE_URL). */
export const POSTGRES_ADMIN_URL = process.env.DATABASE_URL || undefined;

export const ENGINES: EngineKind[] = POSTGRES_ADMIN_URL ? ['pglite', 'postgres'] : ['pglite'];

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

/** Cheap argon2 and quiet logs: the suite stays fast; production cost is the config default. */
export const TEST_ENV: Record<string, string> = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  JWT_SECRET: TEST_SECRET,
  ARGON2_MEMORY_KIB: '1024',
  ARGON2_TIME_COST: '1',
  WEB_DIST: '/nonexistent-web-dist',
};

export interface TestContext {
  app: FastifyInstance;
  config: Config;
  database: Database;
  testDb: TestDatabase;
  /** Builds another app on the same database (e.g. with other limits). */
  buildAnother(env?: Record<string, string>, logger?: FastifyBaseLogger): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export async function setupTestApp(kind: EngineKind, env: Record<string, string> = {}): Promise<TestContext> {
  const testDb = await createTestDatabase(kind, POSTGRES_ADMIN_URL);
  const configFor = (extra: Record<string, string>) =>
    loadConfig({
      ...TEST_ENV,
      DATA_DIR: testDb.dataDir,
      ...(testDb.databaseUrl ? { DATABASE_URL: testDb.databaseUrl } : {}),
      ...env,
      ...extra,
    });
  const config = configFor({});
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    poolSize: 4,
  });
  const apps: FastifyInstance[] = [];
  const buildAnother = async (extra: Record<string, string> = {}, logger?: FastifyBaseLogger) => {
    const app = await buildApp({ config: configFor(extra), database, logger });
    apps.push(app);
    return app;
  };
  const app = await buildAnother();
  return {
    app,
    config,
    database,
    testDb,
    buildAnother,
    async close() {
      for (const a of apps) await a.close();
      await database.close();
      await testDb.drop();
    },
  };
}

let counter = 0;
/** A unique, valid e-mail per call: tests in one file share a database. */
export function uniqueEmail(tag = 'user'): string {
  counter += 1;
  return `${tag}-${Date.now().toString(36)}-${counter}@example.com`;
}
