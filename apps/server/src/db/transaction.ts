// One SQL transaction as a raw executor, on either engine. pg-boss can enqueue through it (send's `db` option),
// so spending a credit, inserting the scan and queueing its job commit or roll back together.
import type { Database, SqlExecutor } from './client';

export interface TxExecutor extends SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export async function inTransaction<T>(database: Database, fn: (tx: TxExecutor) => Promise<T>): Promise<T> {
  if (database.kind === 'pglite') {
    return database.pglite.transaction(async (tx) =>
      fn({ executeSql: async (text, values) => tx.query<Record<string, unknown>>(text, values ?? []) }),
    );
  }
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN');
    const result = await fn({ executeSql: (text, values) => client.query(text, values) });
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
