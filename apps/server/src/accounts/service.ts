// The signed-in user's account: profile, usage figures and API token rotation.
import type { TUsageResponse, TUser } from '@duescan/contracts';
import type { UserRow } from '../db/schema';
import type { ScanStore } from '../scans/scan-store';
import { hideExpiredLinks, presentScan } from '../scans/presenter';
import type { ReadCache } from '../scans/read-cache';

/** How many scans the dashboard's "Recent Scans" list shows. */
export const RECENT_SCANS_LIMIT = 5;

/** The user's CLI token, kept sealed by the auth module (auth/api-token-store.ts). */
export interface ApiTokens {
  reveal(user: UserRow): Promise<string>;
  issue(userId: string): Promise<string>;
}

interface AccountDeps {
  apiTokens: ApiTokens;
  scans: Pick<ScanStore, 'statsForUser' | 'recentForUser'>;
  readCache: ReadCache;
  /** REPORT_RETENTION: recent scans whose report expired show no report link. */
  retentionMs: number;
  now?: () => Date;
}

function startOfMonthUtc(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export function createAccountService({ apiTokens, scans, readCache, retentionMs, now = () => new Date() }: AccountDeps) {
  return {
    async profile(user: UserRow): Promise<TUser> {
      return {
        id: user.id,
        email: user.email,
        company: user.company,
        plan: user.plan,
        credits_remaining: user.creditsRemaining,
        created_at: user.createdAt.toISOString(),
        api_token: await apiTokens.reveal(user),
      };
    },

    async usage(user: UserRow): Promise<TUsageResponse> {
      const monthStart = startOfMonthUtc(now());
      // Credits and plan come from the user row just loaded; only the scan figures are cached (per month).
      const { stats, recent_scans } = await readCache.read(`usage:${user.id}:${monthStart.toISOString()}`, user.scansVersion, async () => {
        const [stats, recent] = await Promise.all([
          scans.statsForUser(user.id, monthStart),
          scans.recentForUser(user.id, RECENT_SCANS_LIMIT),
        ]);
        return { stats, recent_scans: recent.map(presentScan) };
      });
      return {
        stats,
        recent_scans: hideExpiredLinks(recent_scans, retentionMs, now().getTime()),
        credits_remaining: user.creditsRemaining,
        plan: user.plan,
      };
    },

    /** Issues a new CLI token; the previous one stops working at once. */
    async rotateApiToken(user: UserRow): Promise<{ api_token: string }> {
      return { api_token: await apiTokens.issue(user.id) };
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
