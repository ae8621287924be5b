// The deliveries table: one row per scan and channel, updated on every attempt.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { deliveries, type DeliveryRow } from '../db/schema';

export function createDeliveryStore(db: Db) {
  return {
    /** Creates the row once (retries reuse it) and counts the attempt. */
    async attempt(scanId: string, kind: 'email' | 'webhook', target: string): Promise<DeliveryRow> {
      await db.insert(deliveries).values({ scanId, kind, target }).onConflictDoNothing();
      const [row] = await db
        .update(deliveries)
        .set({ attempts: sql`${deliveries.attempts} + 1` })
        .where(and(eq(deliveries.scanId, scanId), eq(deliveries.kind, kind)))
        .returning();
      return row!;
    },
    async succeeded(id: string): Promise<void> {
      await db.update(deliveries).set({ status: 'delivered', deliveredAt: sql`now()`, lastError: null }).where(eq(deliveries.id, id));
    },
    async failedAttempt(id: string, error: string, final: boolean): Promise<void> {
      await db
        .update(deliveries)
        .set({ lastError: error.slice(0, 500), ...(final ? { status: 'failed' as const } : {}) })
        .where(eq(deliveries.id, id));
    },
    async forScan(scanId: string): Promise<DeliveryRow[]> {
      return db.select().from(deliveries).where(eq(deliveries.scanId, scanId));
    },
  };
}
export type DeliveryStore = ReturnType<typeof createDeliveryStore>;
