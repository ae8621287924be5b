// Gets the scan's code into a private working folder (or, for server paths, checks the folder again).
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { TIERS } from '@duescan/engine';
import type { ScanRow } from '../db/schema';
import { gitClone } from '../fetch/git-clone';
import { extractArchive } from '../fetch/extract-archive';
import { downloadObject } from '../storage/create-object-store';
import type { ObjectStore } from '../storage/object-store';
import { resolveProjectSource } from '../fetch/project-source';
import type { ScanConfig } from '../config/scan-config';
import { ScanFailure } from './scan-failure';

/**
 * Returns the folder to scan (throws FetchError, or ScanFailure when the uploaded archive has left the object store).
 * Working folders live under DATA_DIR/sources/<scan id>, on the worker's own disk.
 */
export async function fetchSource(scan: ScanRow, config: ScanConfig, objects: ObjectStore): Promise<string> {
  const work = path.join(config.sourcesDir, scan.id);
  // A killed earlier attempt may have left a half-written folder.
  await rm(work, { recursive: true, force: true });
  if (scan.sourceKind === 'upload') {
    // The archive was put in the shared store by the API (maybe on another machine): copy it here, then extract.
    await mkdir(work, { recursive: true, mode: 0o700 });
    const archive = path.join(work, `upload${archiveExtension(scan.sourceRef!)}`);
    if (!(await downloadObject(objects, scan.sourceRef!, archive))) {
      throw new ScanFailure('The uploaded archive is no longer available; upload it again', 'server');
    }
    const dest = path.join(work, 'src');
    await extractArchive(archive, dest, {
      maxBytes: config.maxSourceBytes,
      maxEntries: config.archiveMaxEntries,
      maxRatio: config.archiveMaxRatio,
    });
    return dest;
  }
  // Checked again at run time: DNS answers and allow-lists may have changed since the scan was created.
  const source = await resolveProjectSource(scan.sourceRef ?? '', config);
  if (source.kind === 'path') return source.path;
  const dest = path.join(work, 'repo');
  await gitClone({
    url: source.url,
    protocol: source.protocol,
    dest,
    fullHistory: TIERS[scan.packageType].analyzers.includes('history'),
    timeoutMs: config.cloneTimeoutMs,
    maxBytes: config.maxSourceBytes,
    // The address checked just above: git must not resolve the name again (DNS rebinding).
    pin: source.host && source.address ? { host: source.host, address: source.address } : null,
  });
  return dest;
}

/** The extractor picks the format by name; keys (and older rows' paths) end with the uploaded extension. */
function archiveExtension(ref: string): string {
  return /(\.tar\.gz|\.tgz|\.tar|\.zip)$/i.exec(ref)?.[1] ?? '';
}

export async function removeSource(scan: ScanRow, config: ScanConfig, objects: ObjectStore, final: boolean): Promise<void> {
  await rm(path.join(config.sourcesDir, scan.id), { recursive: true, force: true });
  // The uploaded archive / CLI report must survive until the last attempt.
  if (final && (scan.sourceKind === 'upload' || scan.sourceKind === 'cli') && scan.sourceRef) {
    await objects.delete(scan.sourceRef);
  }
}
