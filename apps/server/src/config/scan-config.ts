// The scan service's configuration variables (merged into the one environment schema in ../config.ts).
// Safe defaults: no file:// URLs, no server paths, no private network targets.
import path from 'node:path';
import { z } from 'zod';

const empty = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const flag = z.preprocess(empty, z.enum(['true', 'false', '1', '0']).default('false')).transform((v) => v === 'true' || v === '1');
const duration = (name: string, fallback: string) =>
  z.preprocess(empty, z.string().regex(/^\d+(ms|[smhd])$/, `${name} must look like 500ms, 30s, 15m, 24h or 7d`).default(fallback));
const int = (min: number, fallback: number) => z.preprocess(empty, z.coerce.number().int().min(min).default(fallback));

export const SCAN_ENV = {
  ALLOW_FILE_URLS: flag,
  ALLOW_PRIVATE_TARGETS: flag,
  SCAN_PATH_ROOTS: z.preprocess(empty, z.string().optional()),
  SCAN_TIMEOUT: duration('SCAN_TIMEOUT', '30m'),
  GIT_CLONE_TIMEOUT: duration('GIT_CLONE_TIMEOUT', '5m'),
  SOURCE_MAX_MB: int(1, 1024),
  ARCHIVE_MAX_ENTRIES: int(1, 100_000),
  ARCHIVE_MAX_RATIO: int(2, 200),
  SCAN_MAX_ATTEMPTS: int(1, 3),
  SCAN_RETRY_DELAY_SECONDS: int(1, 30),
  SCAN_STALE_AFTER: duration('SCAN_STALE_AFTER', '2m'),
  SCAN_THREADS: z.preprocess(empty, z.coerce.number().int().min(1).optional()),
  ADVISORY_DB_DIR: z.preprocess(empty, z.string().optional()),
  REPORT_RETENTION: duration('REPORT_RETENTION', '24h'),
  REPORT_LINK_TTL: duration('REPORT_LINK_TTL', '15m'),
  WEBHOOK_TIMEOUT: duration('WEBHOOK_TIMEOUT', '10s'),
  WEBHOOK_RETRY_LIMIT: int(0, 5),
  WEBHOOK_RETRY_DELAY_SECONDS: int(1, 10),
  /** Testing knob: the worker waits this long after claiming a scan (to kill it mid-scan in tests). */
  SCAN_DEBUG_DELAY_MS: int(0, 0),
};

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- only its type is needed
const ZScanEnv = z.object(SCAN_ENV);
type ScanEnv = z.infer<typeof ZScanEnv>;

export function toMs(value: string): number {
  const m = /^(\d+)(ms|[smhd])$/.exec(value);
  if (!m) throw new Error(`Bad duration ${value}`);
  const factor = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as 'ms' | 's' | 'm' | 'h' | 'd'];
  return Number(m[1]) * factor;
}

export function toScanConfig(env: ScanEnv, dataDir: string) {
  const roots = (env.SCAN_PATH_ROOTS ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  for (const r of roots) if (!path.isAbsolute(r)) throw new Error(`SCAN_PATH_ROOTS entries must be absolute paths: ${r}`);
  return {
    allowFileUrls: env.ALLOW_FILE_URLS,
    allowPrivateTargets: env.ALLOW_PRIVATE_TARGETS,
    pathRoots: roots.map((r) => path.resolve(r)),
    timeoutMs: toMs(env.SCAN_TIMEOUT),
    cloneTimeoutMs: toMs(env.GIT_CLONE_TIMEOUT),
    maxSourceBytes: env.SOURCE_MAX_MB * 1024 * 1024,
    archiveMaxEntries: env.ARCHIVE_MAX_ENTRIES,
    archiveMaxRatio: env.ARCHIVE_MAX_RATIO,
    maxAttempts: env.SCAN_MAX_ATTEMPTS,
    retryDelaySeconds: env.SCAN_RETRY_DELAY_SECONDS,
    staleAfterMs: toMs(env.SCAN_STALE_AFTER),
    threads: env.SCAN_THREADS,
    advisoryDb: env.ADVISORY_DB_DIR,
    retentionMs: toMs(env.REPORT_RETENTION),
    reportLinkTtlMs: toMs(env.REPORT_LINK_TTL),
    webhookTimeoutMs: toMs(env.WEBHOOK_TIMEOUT),
    webhookRetryLimit: env.WEBHOOK_RETRY_LIMIT,
    webhookRetryDelaySeconds: env.WEBHOOK_RETRY_DELAY_SECONDS,
    debugDelayMs: env.SCAN_DEBUG_DELAY_MS,
    /** Uploads being received land in its tmp/ on this machine; accepted ones go to the object store. */
    uploadsDir: path.join(dataDir, 'uploads'),
    /** The worker's private working folders (downloaded archives, clones, extractions). */
    sourcesDir: path.join(dataDir, 'sources'),
  };
}
export type ScanConfig = ReturnType<typeof toScanConfig>;
