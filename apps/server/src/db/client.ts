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
  close(): Promise<void>;
}
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
    await migrateDatabase(database);
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
    pglite: client,
    async close() {
      await client.close();
      releaseLock();
    },
  };
}
