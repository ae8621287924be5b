// Picks the extractor by the stored file's extension (the upload route only accepts the spec's four).
import { mkdir } from 'node:fs/promises';
import { FetchErrors } from './fetch-error';
import type { ArchiveLimits } from './archive-limits';
import { extractTar, listTar } from './extract-tar';
import { extractZip, listZip } from './extract-zip';

export type ArchiveKind = 'zip' | 'tar' | 'tgz';

export function archiveKindOf(filename: string): ArchiveKind | null {
  const lower = filename.toLowerCase();
  if (lower.endsWith('.zip')) return 'zip';
  if (lower.endsWith('.tar.gz') || lower.endsWith('.tgz')) return 'tgz';
  if (lower.endsWith('.tar')) return 'tar';
  return null;
}

export async function extractArchive(file: string, dest: string, limits: ArchiveLimits): Promise<void> {
  const kind = archiveKindOf(file);
  if (!kind) throw FetchErrors.archiveCorrupt();
  await mkdir(dest, { recursive: true, mode: 0o700 });
  if (kind === 'zip') await extractZip(file, dest, limits);
  else await extractTar(file, dest, limits);
}

/** Lists and checks the archive without writing anything: corrupt, malicious or oversized archives fail here. */
export async function checkArchive(file: string, limits: ArchiveLimits): Promise<void> {
  const kind = archiveKindOf(file);
  if (!kind) throw FetchErrors.archiveCorrupt();
  if (kind === 'zip') await listZip(file, limits);
  else await listTar(file, limits);
}
