// Applies the committed SQL migrations (drizzle-kit output in apps/server/drizzle) at start. The caller holds
// the start-up lock, so concurrent nodes never run them twice.
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { MIGRATIONS_DIR } from '../paths';
import type { Database } from './client';

export async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase<Record<string, unknown>>, config);
  } else {
    await migratePg(database.db as unknown as NodePgDatabase<Record<string, unknown>>, config);
  }
}
