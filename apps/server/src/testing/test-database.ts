// A fresh, private database for one test file: a temporary PGlite directory, or a new PostgreSQL database
// (CREATE DATABASE duescan_test_<random>) on the server named by `adminUrl`, dropped again by `drop()`.
import { mkdtemp, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface TestDatabase {
  kind: 'pglite' | 'postgres';
  /** Where DATA_DIR points (always a fresh temp dir: outbox, PGlite files). */
  dataDir: string;
  /** Set for PostgreSQL. */
  databaseUrl?: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(kind: 'pglite' | 'postgres', adminUrl?: string): Promise<TestDatabase> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'duescan-test-'));
  const removeDir = () => rm(dataDir, { recursive: true, force: true });
  if (kind === 'pglite') return { kind, dataDir, drop: removeDir };
  if (!adminUrl) throw new Error('A PostgreSQL test database needs the server URL (DATABASE_URL)');

  // The name is generated here from hex only, so interpolating it into DDL is safe.
  const name = `duescan_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind,
    dataDir,
    databaseUrl: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
      await removeDir();
    },
  };
}
