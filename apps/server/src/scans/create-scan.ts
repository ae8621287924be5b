// Creating a scan: spend the credit, insert the row and queue its job in ONE transaction. The conditional
// UPDATE is the credit check: with 5 credits, 20 concurrent calls see exactly 5 rows come back.
import type PgBoss from 'pg-boss';
import { MESSAGES } from '@duescan/contracts';
import { checkPackageAllowed } from '../plans/plan-limits';
import type { Database } from '../db/client';
import { inTransaction, type TxExecutor } from '../db/transaction';
import { AppError } from '../errors';
import type { ScanConfig } from '../config/scan-config';
import { enqueueScan } from './scan-queue';
import type { NewScan, ScanStore } from './scan-store';

export type { NewScan } from './scan-store';

export const noCredits = () => new AppError('no_credits', MESSAGES.noCredits, 402);

/** Thrown inside the transaction to roll it back when the CLI token was used before. */
class DuplicateToken extends Error {}

export interface CreateScanDeps {
  database: Database;
  store: ScanStore;
  boss: PgBoss;
  config: ScanConfig;
}

export async function createScanRow({ database, store, boss, config }: CreateScanDeps, scan: NewScan): Promise<{ id: string; duplicate: boolean }> {
  try {
    return await inTransaction(database, async (tx) => {
      // The user row is locked (FOR NO KEY UPDATE, plans/plan-limits.ts) before the insert: the insert's foreign-key
      // check and version trigger lock that row too, and taking a stronger lock after them deadlocked concurrent
      // creates on PostgreSQL.
      await checkPackageAllowed(tx, scan.userId, scan.packageType);
      const id = await store.insert(tx, scan);
      if (!id) throw new DuplicateToken();
      const charged = await spendCredit(tx, scan.userId);
      if (charged > 0) await store.setCreditsCharged(tx, id, charged);
      await enqueueScan(boss, config, tx, id);
      return { id, duplicate: false };
    });
  } catch (error) {
    if (!(error instanceof DuplicateToken) || !scan.scanToken) throw error;
    const existing = await store.idByScanToken(scan.userId, scan.scanToken);
    if (!existing) throw error;
    return { id: existing, duplicate: true };
  }
}

/** A read-only look at what spendCredit would allow: for refusing early, before costly work. */
export async function hasCredit(database: Database, userId: string): Promise<boolean> {
  const { rows } = await database.executeSql(`select 1 from users where id = $1 and (plan = 'ultra' or credits_remaining > 0)`, [userId]);
  return rows.length > 0;
}

/** Ultra is unlimited (charges 0); other plans lose one credit or the call fails with the spec's message. */
async function spendCredit(tx: TxExecutor, userId: string): Promise<number> {
  const { rows } = await tx.executeSql(
    `update users
        set credits_remaining = credits_remaining - (case when plan = 'ultra' then 0 else 1 end)
      where id = $1 and (plan = 'ultra' or credits_remaining > 0)
      returning plan`,
    [userId],
  );
  const row = rows[0] as { plan: string } | undefined;
  if (!row) throw noCredits();
  return row.plan === 'ultra' ? 0 : 1;
}
