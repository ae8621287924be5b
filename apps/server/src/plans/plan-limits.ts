// Plan enforcement: a scan's package may not exceed the account's plan. It runs inside the scan-creating
// transaction (scans/create-scan.ts), the one path of web create, upload and CLI upload, and locks the user row
// so a plan change that commits meanwhile is seen before any credit is spent. The lock is FOR NO KEY UPDATE, not
// FOR UPDATE: concurrent scan inserts hold FOR KEY SHARE on the same row (their foreign key), which FOR UPDATE
// would wait on while they wait on us (a deadlock on PostgreSQL, seen with 20 concurrent creates).
import { MESSAGES, packageAllowedForPlan, PACKAGE_TYPES, planInfo, type PackageType, type PlanId } from '@duescan/contracts';
import { AppError } from '../errors';
import type { TxExecutor } from '../db/transaction';

export function packageNotInPlan(plan: PlanId, pkg: PackageType): AppError {
  const allowed = PACKAGE_TYPES.filter((p) => packageAllowedForPlan(plan, p)).map((p) => planInfo(p).name);
  const planName = plan === 'free' ? 'Free' : planInfo(plan).name;
  return new AppError('package_not_in_plan', MESSAGES.packageNotInPlan(planInfo(pkg).name, planName, allowed.join(', ')), 403);
}

/** Early refusal from the signed-in user's row, before an upload is moved or a report is read. */
export function assertPackageInPlan(plan: PlanId, pkg: PackageType): void {
  if (!packageAllowedForPlan(plan, pkg)) throw packageNotInPlan(plan, pkg);
}

/** The authoritative check, inside the transaction that spends the credit. */
export async function checkPackageAllowed(tx: TxExecutor, userId: string, pkg: PackageType): Promise<void> {
  const { rows } = await tx.executeSql('select plan from users where id = $1 for no key update', [userId]);
  const plan = (rows[0] as { plan: PlanId } | undefined)?.plan;
  if (!plan) throw new AppError('not_authenticated', MESSAGES.notAuthenticated, 401);
  if (!packageAllowedForPlan(plan, pkg)) throw packageNotInPlan(plan, pkg);
}
