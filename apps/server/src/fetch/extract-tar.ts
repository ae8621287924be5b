// .tar / .tar.gz / .tgz: a listing pass validates every entry (types, paths, links resolved through each other,
// totals) before anything is written; the extraction pass then writes only regular files, folders and links already proven to stay inside.
import { stat } from 'node:fs/promises';
import * as tar from 'tar';
import { FetchError, FetchErrors } from './fetch-error';
import { assertLinkInside, createBudget, safeEntryPath, type ArchiveLimits } from './archive-limits';
import { createLinkTable } from './link-table';

type LinkTable = ReturnType<typeof createLinkTable>;

const FILE_TYPES = new Set(['File', 'OldFile', 'ContiguousFile']);
const META_TYPES = new Set(['ExtendedHeader', 'GlobalExtendedHeader', 'NextFileHasLongPath', 'NextFileHasLongLinkpath', 'OldExtendedHeader']);

/** The listing pass alone: also what the upload route runs at intake, before anything is charged. */
export async function listTar(file: string, limits: ArchiveLimits): Promise<void> {
  const budget = createBudget(limits, (await stat(file)).size);
  const links = createLinkTable();
  let rejection: FetchError | null = null;
  try {
    await tar.t({
      file,
      strict: true,
      onReadEntry(entry) {
        if (rejection) return entry.resume();
        try {
          checkEntry(entry, budget, links);
        } catch (error) {
          rejection = error as FetchError;
        }
        entry.resume();
      },
    });
  } catch (error) {
    if (rejection) throw rejection;
    throw error instanceof FetchError ? error : FetchErrors.archiveCorrupt();
  }
  if (rejection) throw rejection;
  links.check();
}

export async function extractTar(file: string, dest: string, limits: ArchiveLimits): Promise<void> {
  await listTar(file, limits);
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
    throw FetchErrors.archiveCorrupt();
  }
}

function checkEntry(entry: tar.ReadEntry, budget: ReturnType<typeof createBudget>, links: LinkTable): void {
  if (META_TYPES.has(entry.type)) return;
  budget.entry();
  const rel = safeEntryPath(entry.path);
  if (links.isUnderLink(rel)) throw FetchErrors.archiveRejected(`entry "${rel}" is written through a link`);
  links.entry(rel);
  if (FILE_TYPES.has(entry.type)) return budget.add(entry.size ?? 0);
  if (entry.type === 'Directory') return;
  if (entry.type === 'SymbolicLink' || entry.type === 'Link') {
    // Hard link targets are archive paths (from the root), symlink targets are relative to the link's folder.
    // The text check rejects the obvious at once; links.check() resolves chains once every link is known.
    const target = entry.linkpath ?? '';
    assertLinkInside(entry.type === 'Link' ? 'root-level-entry' : rel, target);
    links.link(rel, target, entry.type === 'Link');
    return;
  }
  throw FetchErrors.archiveRejected(`entry "${rel}" is a device, FIFO or other special file`);
}
