// Gets the scan's code into a private working folder (or, for server paths, checks the folder again).
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { TIERS } from '@duescan/engine';
import type { ScanRow } from '../db/schema';
import { AppError } from '../errors';
import { gitClone } from '../fetch/git-clone';
import { extractArchive } from '../fetch/extract-archive';
import { resolveProjectSource } from '../fetch/project-source';
import type { ScanConfig } from './scan-config';
import { ScanFailure } from './scan-failure';

/** Returns the folder to scan. Working folders live under DATA_DIR/sources/<scan id>. */
export async function fetchSource(scan: ScanRow, config: ScanConfig): Promise<string> {
  const work = path.join(config.sourcesDir, scan.id);
  // A killed earlier attempt may have left a half-written folder.
  await rm(work, { recursive: true, force: true });
  if (scan.sourceKind === 'upload') {
    const dest = path.join(work, 'src');
    await extractArchive(scan.sourceRef!, dest, {
      maxBytes: config.maxSourceBytes,
      maxEntries: config.archiveMaxEntries,
      maxRatio: config.archiveMaxRatio,
    });
    return dest;
  }
  let source;
  try {
    // Checked again at run time: DNS answers and allow-lists may have changed since the scan was created.
    source = await resolveProjectSource(scan.sourceRef ?? '', config);
  } catch (error) {
    if (error instanceof AppError) throw new ScanFailure(error.message, 'user');
    throw error;
  }
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

export async function removeSource(scan: ScanRow, config: ScanConfig, final: boolean): Promise<void> {
  await rm(path.join(config.sourcesDir, scan.id), { recursive: true, force: true });
  // The uploaded archive / CLI report must survive until the last attempt.
  if (final && (scan.sourceKind === 'upload' || scan.sourceKind === 'cli') && scan.sourceRef) {
    await rm(scan.sourceRef, { force: true });
  }
}
