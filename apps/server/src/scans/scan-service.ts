// The scan service's operations behind the HTTP routes: create (URL/path), upload, CLI upload, list.
import { rename, rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { PackageType, TCliUploadRequest, TScan, TScanCreateRequest, TScanListResponse } from '@duescan/contracts';
import type { Database } from '../db/client';
import type { UserRow } from '../db/schema';
import { Errors } from '../errors';
import { resolveProjectSource, type ProjectSource, type SourcePolicy } from '../fetch/project-source';
import { probeRepository } from '../fetch/git-reachable';
import { archiveKindOf, checkArchive } from '../fetch/extract-archive';
import { FetchError, FetchErrors } from '../fetch/fetch-error';
import { assertPublicHost } from '../fetch/network-targets';
import type { ObjectStore } from '../storage/object-store';
import { ObjectKeys } from '../storage/keys';
import { hideExpiredLinks, presentScan } from './presenter';
import { createScanRow, hasCredit, noCredits, type NewScan } from './create-scan';
import type { ScanConfig } from '../config/scan-config';
import { fetchRefusal } from './fetch-failure';
import type { ScanStore } from './scan-store';
import { checkCliReport } from './cli-report';
import { assertPackageInPlan } from '../plans/plan-limits';
import type { ReadCache } from './read-cache';

/** The intake probe waits at most this long; a slower host is left to the worker's clone and its retries. */
const PROBE_TIMEOUT_MS = 20_000;

export interface ScanServiceDeps {
  database: Database;
  store: ScanStore;
  boss?: PgBoss;
  config: ScanConfig;
  readCache: ReadCache;
  /** Where accepted uploads go, for a worker on any machine to fetch. */
  objects: ObjectStore;
}

/** The intake runs the worker's own fetch checks: what they refuse is answered 400 and never charged. */
async function atIntake<T>(check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    throw error instanceof FetchError ? fetchRefusal(error) : error;
  }
}

export function createScanService({ database, store, boss, config, readCache, objects }: ScanServiceDeps) {
  const policy: SourcePolicy = config;

  async function checkWebhook(url: string | null | undefined): Promise<string | null> {
    if (!url) return null;
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw Errors.badRequest('Webhook URL must be an http(s) URL');
    if (parsed.username || parsed.password) throw Errors.badRequest('Webhook URL must not contain credentials');
    try {
      await assertPublicHost(parsed.hostname, config.allowPrivateTargets);
    } catch (error) {
      if (error instanceof FetchError) throw Errors.badRequest(`Webhook URL refused: ${error.detail}`);
      throw error;
    }
    return parsed.href;
  }

  /** A repository git says does not exist is refused here, uncharged (the clone would fail the same way). */
  async function assertReachable(source: Extract<ProjectSource, { kind: 'url' }>): Promise<void> {
    const pin = source.host && source.address ? { host: source.host, address: source.address } : null;
    const reach = await probeRepository({ url: source.url, protocol: source.protocol, pin, timeoutMs: Math.min(config.cloneTimeoutMs, PROBE_TIMEOUT_MS) });
    if (reach === 'not-found') throw fetchRefusal(FetchErrors.repoNotFound());
  }

  /** The listing pass of the worker's extraction, at intake: a corrupt or malicious archive is never charged. */
  async function checkUploadedArchive(file: string): Promise<void> {
    await atIntake(() => checkArchive(file, { maxBytes: config.maxSourceBytes, maxEntries: config.archiveMaxEntries, maxRatio: config.archiveMaxRatio }));
  }

  async function create(scan: NewScan): Promise<{ scan: TScan; duplicate: boolean }> {
    if (!boss) throw new Error('The job queue is not running: scans cannot be created');
    const { id, duplicate } = await createScanRow({ database, store, boss, config }, scan);
    const row = await store.byId(id);
    if (!row) throw Errors.notFound('Scan not found');
    return { scan: presentScan(row), duplicate };
  }

  return {
    async createFromUrl(user: UserRow, body: TScanCreateRequest): Promise<TScan> {
      assertPackageInPlan(user.plan, body.package_type);
      const webhookUrl = await checkWebhook(body.webhook_url);
      const source = await atIntake(() => resolveProjectSource(body.project_url, policy));
      if (source.kind === 'url') await assertReachable(source);
      const ref = source.kind === 'url' ? source.url : source.path;
      return (
        await create({ userId: user.id, projectName: source.name, packageType: body.package_type, sourceKind: source.kind, sourceRef: ref, webhookUrl })
      ).scan;
    },

    /**
     * The archive is already on this machine's disk (streamed by the route). It is checked there, then copied to
     * the object store before the scan exists, so the worker that claims the scan always finds it.
     */
    async createFromUpload(
      user: UserRow,
      upload: { tempFile: string; filename: string; packageType: PackageType; webhookUrl: string | null },
    ): Promise<{ filename: string; scan: TScan }> {
      assertPackageInPlan(user.plan, upload.packageType);
      const webhookUrl = await checkWebhook(upload.webhookUrl);
      const id = randomUUID();
      const ext = upload.filename.toLowerCase().match(/(\.tar\.gz|\.tgz|\.tar|\.zip)$/)![1]!;
      const key = ObjectKeys.upload(id, archiveKindOf(ext)!);
      // The archive checks read the kind from the file name.
      const local = `${upload.tempFile}${ext}`;
      await rename(upload.tempFile, local);
      const projectName = upload.filename.slice(0, -ext.length).slice(0, 200) || 'project';
      let stored = false;
      try {
        await checkUploadedArchive(local);
        await objects.putFile(key, local);
        stored = true;
        const { scan } = await create({ id, userId: user.id, projectName, packageType: upload.packageType, sourceKind: 'upload', sourceRef: key, webhookUrl });
        return { filename: upload.filename, scan };
      } catch (error) {
        // Cleanup must not hide why the request failed; a leftover object only costs space.
        if (stored) await objects.delete(key).catch(() => undefined);
        throw error;
      } finally {
        await rm(local, { force: true });
      }
    },

    async createFromCli(user: UserRow, body: TCliUploadRequest): Promise<{ scan: TScan; duplicate: boolean }> {
      assertPackageInPlan(user.plan, body.package_type);
      const report = checkCliReport(body.report);
      // Up to 20 MB goes to disk: a user who cannot pay is refused first. The charge in createScanRow stays the
      // real check (credits may go between here and there); the file is removed on every failure.
      if (!(await hasCredit(database, user.id))) throw noCredits();
      const id = randomUUID();
      const stored = ObjectKeys.cliReport(id);
      let keep = false;
      try {
        await objects.put(stored, JSON.stringify(report));
        const result = await create({
          id,
          userId: user.id,
          projectName: body.project_name,
          packageType: body.package_type,
          sourceKind: 'cli',
          sourceRef: stored,
          webhookUrl: null,
          scanToken: body.scan_token,
        });
        keep = !result.duplicate;
        return result;
      } finally {
        if (!keep) await objects.delete(stored).catch(() => undefined);
      }
    },

    async list(user: UserRow, limit: number): Promise<TScanListResponse> {
      const list = await readCache.read(`list:${user.id}:${limit}`, user.scansVersion, async () => {
        const { rows, total } = await store.list(user.id, limit);
        return { scans: rows.map(presentScan), total };
      });
      const scans = hideExpiredLinks(list.scans, config.retentionMs);
      return scans === list.scans ? list : { ...list, scans };
    },
  };
}
export type ScanService = ReturnType<typeof createScanService>;
