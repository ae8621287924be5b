// Creating a scan: spend the credit, insert the row and queue its job in ONE transaction. The conditional
// UPDATE is the credit check: with 5 credits, 20 concurrent calls see exactly 5 rows come back.
import type PgBoss from 'pg-boss';
import { MESSAGES, type PackageType } from '@duescan/contracts';
import { checkPackageAllowed } from '../plans/plan-limits';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import { inTransaction, type TxExecutor } from './transaction';
import { SCAN_QUEUE, scanJobOptions } from './scan-queue';
import type { ScanConfig } from './scan-config';

export interface NewScan {
  userId: string;
  projectName: string;
  packageType: PackageType;
  sourceKind: 'url' | 'path' | 'upload' | 'cli';
  sourceRef: string | null;
  webhookUrl: string | null;
  /** CLI uploads only: the idempotency key. */
  scanToken?: string;
  /** Lets the caller store files under the scan id before commit (upload/CLI), e.g. a pre-generated uuid. */
  id?: string;
}

export const noCredits = () => new AppError('no_credits', MESSAGES.noCredits, 402);

/** Thrown inside the transaction to roll it back when the CLI token was used before. */
class DuplicateToken extends Error {}

export async function createScanRow(
  database: Database,
  boss: PgBoss,
  config: ScanConfig,
  scan: NewScan,
): Promise<{ id: string; duplicate: boolean }> {
  try {
    return await inTransaction(database, async (tx) => {
      // The user row is locked (FOR NO KEY UPDATE, plans/plan-limits.ts) before the insert: the insert's foreign-key
      // check and version trigger lock that row too, and taking a stronger lock after them deadlocked concurrent
      // creates on PostgreSQL.
      await checkPackageAllowed(tx, scan.userId, scan.packageType);
      const id = await insertScan(tx, scan);
      if (!id) throw new DuplicateToken();
      const charged = await spendCredit(tx, scan.userId);
      if (charged > 0) await tx.executeSql('update scans set credits_charged = $2 where id = $1', [id, charged]);
      await boss.send(SCAN_QUEUE, { scanId: id }, { ...scanJobOptions(config), db: tx });
      return { id, duplicate: false };
    });
  } catch (error) {
    if (!(error instanceof DuplicateToken)) throw error;
    const { rows } = await database.executeSql('select id from scans where user_id = $1 and scan_token = $2', [
      scan.userId,
      scan.scanToken,
    ]);
    const existing = rows[0] as { id: string } | undefined;
    if (!existing) throw error;
    return { id: existing.id, duplicate: true };
  }
}

async function insertScan(tx: TxExecutor, s: NewScan): Promise<string | null> {
  const { rows } = await tx.executeSql(
    `insert into scans (id, user_id, project_name, package_type, source_kind, source_ref, webhook_url, scan_token)
     values (coalesce($1::uuid, gen_random_uuid()), $2, $3, $4, $5, $6, $7, $8)
     on conflict (user_id, scan_token) do nothing
     returning id`,
    [s.id ?? null, s.userId, s.projectName, s.packageType, s.sourceKind, s.sourceRef, s.webhookUrl, s.scanToken ?? null],
  );
  return (rows[0]?.id as string | undefined) ?? null;
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
