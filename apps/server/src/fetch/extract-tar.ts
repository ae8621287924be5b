// .tar / .tar.gz / .tgz: a listing pass validates every entry (types, paths, links, totals) before anything is
// written; the extraction pass then writes only regular files, folders and links already proven to stay inside.
import { stat } from 'node:fs/promises';
import * as tar from 'tar';
import { Failures, ScanFailure } from '../scans/scan-failure';
import { assertLinkInside, createBudget, safeEntryPath, type ArchiveLimits } from './archive-limits';

const FILE_TYPES = new Set(['File', 'OldFile', 'ContiguousFile']);
const META_TYPES = new Set(['ExtendedHeader', 'GlobalExtendedHeader', 'NextFileHasLongPath', 'NextFileHasLongLinkpath', 'OldExtendedHeader']);

export async function extractTar(file: string, dest: string, limits: ArchiveLimits): Promise<void> {
  const budget = createBudget(limits, (await stat(file)).size);
  const links: string[] = [];
  let rejection: ScanFailure | null = null;
  try {
    await tar.t({
      file,
      strict: true,
      onReadEntry(entry) {
        if (rejection) return entry.resume();
        try {
          checkEntry(entry, budget, links);
        } catch (error) {
          rejection = error as ScanFailure;
        }
        entry.resume();
      },
    });
  } catch (error) {
    if (rejection) throw rejection;
    throw error instanceof ScanFailure ? error : Failures.archiveCorrupt();
  }
  if (rejection) throw rejection;
  try {
    await tar.x({
      file,
      cwd: dest,
      strict: true,
      preservePaths: false,
      preserveOwner: false,
      // Owner-only permissions: nothing extracted is executable by others or setuid.
      dmode: 0o700,
      fmode: 0o600,
      filter: (_p, entry) => 'type' in entry && (FILE_TYPES.has(entry.type) || entry.type === 'Directory' || entry.type === 'SymbolicLink'),
    });
  } catch {
    throw Failures.archiveCorrupt();
  }
}

function checkEntry(entry: tar.ReadEntry, budget: ReturnType<typeof createBudget>, links: string[]): void {
  if (META_TYPES.has(entry.type)) return;
  budget.entry();
  const rel = safeEntryPath(entry.path);
  if (links.some((l) => rel.startsWith(`${l}/`))) throw Failures.archiveRejected(`entry "${rel}" is written through a link`);
  if (FILE_TYPES.has(entry.type)) return budget.add(entry.size ?? 0);
  if (entry.type === 'Directory') return;
  if (entry.type === 'SymbolicLink' || entry.type === 'Link') {
    // Hard link targets are archive paths (from the root), symlink targets are relative to the link's folder.
    const target = entry.linkpath ?? '';
    assertLinkInside(entry.type === 'Link' ? 'root-level-entry' : rel, target);
    links.push(rel.replace(/\/$/, ''));
    return;
  }
  throw Failures.archiveRejected(`entry "${rel}" is a device, FIFO or other special file`);
}
