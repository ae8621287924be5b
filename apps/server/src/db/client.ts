// Opens the database: PostgreSQL when DATABASE_URL is set, otherwise an embedded PGlite under DATA_DIR/db.
// Both expose the same Drizzle API, plus a raw `executeSql` that pg-boss uses on the same database.
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { schema } from './schema';
import { acquireDirLock } from './dir-lock';
import { migrateDatabase } from './migrate';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** What pg-boss needs from a custom database (its `db` option). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

interface DatabaseBase extends SqlExecutor {
  db: Db;
  /**
   * Runs start-up DDL (our migrations, pg-boss's schema) one process at a time: several nodes may start
   * against one PostgreSQL together, and `CREATE SCHEMA IF NOT EXISTS` is not safe under concurrency.
   */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Arbitrary constant identifying "DueScan start-up DDL" among advisory locks. */
const STARTUP_LOCK_ID = 724_019_331;
export type Database = DatabaseBase & ({ kind: 'pglite'; pglite: PGlite } | { kind: 'postgres'; pool: pg.Pool });

export interface DatabaseOptions {
  databaseUrl?: string;
  pgliteDir: string;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : await openPglite(options.pgliteDir);
  try {
    await database.withStartupLock(() => migrateDatabase(database));
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

function openPostgres(url: string, poolSize: number): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  return {
    kind: 'postgres',
    db: drizzlePg({ client: pool, schema }) as unknown as Db,
    executeSql: (text, values) => pool.query(text, values),
    async withStartupLock(fn) {
      // A session lock on a dedicated connection, held while fn works through other pool connections.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_ID]);
        return await fn();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_ID]).catch(() => undefined);
        client.release();
      }
    },
    pool,
    close: () => pool.end(),
  };
}

async function openPglite(dir: string): Promise<Database> {
  mkdirSync(dir, { recursive: true });
  // PGlite is single-process: a second process opening the same directory would corrupt it.
  const releaseLock = acquireDirLock(dir);
  let client: PGlite;
  try {
    client = await PGlite.create(dir);
  } catch (error) {
    releaseLock();
    throw error;
  }
  return {
    kind: 'pglite',
    db: drizzlePglite({ client, schema }) as unknown as Db,
    // pg-boss sends parameterless multi-statement scripts (its own migrations): those need exec().
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
    // One process owns a PGlite directory (see dir-lock), so there is nobody to wait for.
    withStartupLock: (fn) => fn(),
    pglite: client,
    async close() {
      await client.close();
      releaseLock();
    },
  };
}
