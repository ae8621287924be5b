// Read queries on scans needed by the account screens. The scan service extends this module.
import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { scans, type ScanRow } from '../db/schema';

export interface ScanStats {
  total_scans: number;
  completed_scans: number;
  monthly_scans: number;
}

export function createScanRepository(db: Db) {
  return {
    async statsForUser(userId: string, monthStart: Date): Promise<ScanStats> {
      const [row] = await db
        .select({
          total: count(),
          completed: sql<number>`count(*) filter (where ${scans.status} = 'completed')`.mapWith(Number),
          monthly: sql<number>`count(*) filter (where ${scans.createdAt} >= ${monthStart.toISOString()})`.mapWith(Number),
        })
        .from(scans)
        .where(eq(scans.userId, userId));
      return { total_scans: row?.total ?? 0, completed_scans: row?.completed ?? 0, monthly_scans: row?.monthly ?? 0 };
    },
    async recentForUser(userId: string, limit: number): Promise<ScanRow[]> {
      return db.select().from(scans).where(eq(scans.userId, userId)).orderBy(desc(scans.createdAt)).limit(limit);
    },
  };
}
export type ScanRepository = ReturnType<typeof createScanRepository>;
