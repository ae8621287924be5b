// A fresh, private database for one test file: a temporary PGlite directory, or a new PostgreSQL database
// (CREATE DATABASE duescan_test_<random>) on the server named by `adminUrl`, dropped again by `drop()`.
import { mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import * as tar from 'tar';

/** Bump when the PGlite major changes the on-disk format. */
const PGLITE_TEMPLATE_VERSION = 'pglite-0.5';

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
  if (kind === 'pglite') {
    await seedPgliteDir(path.join(dataDir, 'db'));
    return { kind, dataDir, drop: removeDir };
  }
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

/**
 * PGlite's initdb takes seconds (tens on a loaded machine); every test database would pay it. We run it once,
 * keep the empty cluster as a tar in the temp dir and unpack a copy per test database instead.
 */
async function seedPgliteDir(dir: string): Promise<void> {
  const template = path.join(os.tmpdir(), `duescan-pglite-template-${PGLITE_TEMPLATE_VERSION}.tar`);
  const exists = await stat(template).then(
    (s) => s.size > 0,
    () => false,
  );
  if (!exists) {
    const pglite = await PGlite.create('memory://');
    const dump = await pglite.dumpDataDir('none');
    await pglite.close();
    // Written under a unique name, then renamed: parallel test files never read a half-written template.
    const partial = `${template}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, template);
  }
  await mkdir(dir, { recursive: true });
  await tar.x({ file: template, cwd: dir });
}
