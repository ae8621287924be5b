// Writes and owner-scoped reads of scans for the scan service (the account screens' reads are in repository.ts).
import { and, count, desc, eq, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { scans, users, type ScanRow } from '../db/schema';

const LISTED_COLUMNS = {
  id: scans.id,
  projectName: scans.projectName,
  packageType: scans.packageType,
  status: scans.status,
  createdAt: scans.createdAt,
  completedAt: scans.completedAt,
  reportPdfPath: scans.reportPdfPath,
  errorMessage: scans.errorMessage,
  score: scans.score,
};
export type ListedScan = Pick<ScanRow, keyof typeof LISTED_COLUMNS>;

export function createScanStore(db: Db) {
  return {
    async byId(id: string): Promise<ScanRow | null> {
      const [row] = await db.select().from(scans).where(eq(scans.id, id));
      return row ?? null;
    },
    /** Missing and foreign scans look the same to the caller (both 404). */
    async ownedBy(userId: string, id: string): Promise<ScanRow | null> {
      const [row] = await db.select().from(scans).where(and(eq(scans.id, id), eq(scans.userId, userId)));
      return row ?? null;
    },
    /**
     * Only the columns the API shows: the list is the hottest call (the Scans screen polls it every 5 s).
     * Two plain queries measured faster than one with `count(*) over ()` on PGlite (3.4 vs 4.8 ms, 1,000 scans).
     */
    async list(userId: string, limit: number): Promise<{ rows: ListedScan[]; total: number }> {
      const [rows, [totals]] = await Promise.all([
        db
          .select(LISTED_COLUMNS)
          .from(scans)
          .where(eq(scans.userId, userId))
          .orderBy(desc(scans.createdAt), desc(scans.id))
          .limit(limit),
        db.select({ total: count() }).from(scans).where(eq(scans.userId, userId)),
      ]);
      return { rows, total: totals?.total ?? 0 };
    },
    /**
     * Takes the scan for one attempt: a pending scan, or a processing one whose worker stopped sending
     * heartbeats (it died). Two workers can never both win: the UPDATE is the lock.
     */
    async claim(id: string, staleAfterMs: number): Promise<ScanRow | null> {
      const [row] = await db
        .update(scans)
        .set({
          status: 'processing',
          attempts: sql`${scans.attempts} + 1`,
          heartbeatAt: sql`now()`,
          startedAt: sql`coalesce(${scans.startedAt}, now())`,
        })
        .where(
          and(
            eq(scans.id, id),
            or(
              eq(scans.status, 'pending'),
              and(eq(scans.status, 'processing'), lt(scans.heartbeatAt, sql`now() - ${`${staleAfterMs} milliseconds`}::interval`)),
            ),
          ),
        )
        .returning();
      return row ?? null;
    },
    async heartbeat(id: string): Promise<void> {
      await db.update(scans).set({ heartbeatAt: sql`now()` }).where(and(eq(scans.id, id), eq(scans.status, 'processing')));
    },
    async complete(id: string, values: { score: number; reportPdfPath: string; reportJsonPath: string }): Promise<boolean> {
      const done = await db
        .update(scans)
        .set({ ...values, status: 'completed', completedAt: sql`now()`, heartbeatAt: null, errorMessage: null })
        .where(and(eq(scans.id, id), eq(scans.status, 'processing')))
        .returning({ id: scans.id });
      return done.length > 0;
    },
    /** Back to pending so the retried job (or the sweep) can claim it again. */
    async release(id: string): Promise<void> {
      await db.update(scans).set({ status: 'pending', heartbeatAt: null }).where(and(eq(scans.id, id), eq(scans.status, 'processing')));
    },
    /** Marks the scan failed; with `refund`, gives the charged credit back exactly once (refunded_at guards it). */
    async fail(id: string, message: string, refund: boolean): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(scans)
          .set({ status: 'failed', errorMessage: message, completedAt: sql`now()`, heartbeatAt: null })
          .where(eq(scans.id, id));
        if (!refund) return;
        const [refunded] = await tx
          .update(scans)
          .set({ refundedAt: sql`now()` })
          .where(and(eq(scans.id, id), isNull(scans.refundedAt), sql`${scans.creditsCharged} > 0`))
          .returning({ userId: scans.userId, credits: scans.creditsCharged });
        if (refunded) {
          await tx
            .update(users)
            .set({ creditsRemaining: sql`${users.creditsRemaining} + ${refunded.credits}` })
            .where(eq(users.id, refunded.userId));
        }
      });
    },
    /** Scans whose worker died: back to pending, returned so the sweep can queue them again. */
    async releaseStale(staleAfterMs: number, runningHere: string[] = []): Promise<string[]> {
      const rows = await db
        .update(scans)
        .set({ status: 'pending', heartbeatAt: null })
        .where(
          and(
            eq(scans.status, 'processing'),
            lt(scans.heartbeatAt, sql`now() - ${`${staleAfterMs} milliseconds`}::interval`),
            // A busy event loop (PGlite and parts of the engine run on it) can delay our own heartbeats.
            ...(runningHere.length ? [notInArray(scans.id, runningHere)] : []),
          ),
        )
        .returning({ id: scans.id });
      return rows.map((r) => r.id);
    },
    async ownerEmail(userId: string): Promise<string | null> {
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return row?.email ?? null;
    },
  };
}
export type ScanStore = ReturnType<typeof createScanStore>;
