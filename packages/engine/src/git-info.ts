// Commit and branch of a repository, read from .git directly (no git process, works on bare checkouts too).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

function read(file: string): string | null {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}

/** The git directory for `root` (handles worktrees where .git is a file pointing elsewhere). */
export function gitDir(root: string): string | null {
  const dotGit = join(root, '.git');
  if (!existsSync(dotGit)) return null;
  if (statSync(dotGit).isDirectory()) return dotGit;
  const pointer = read(dotGit)?.match(/^gitdir:\s*(.+)$/m)?.[1];
  return pointer ? resolve(root, pointer) : null;
}

export function gitInfo(root: string): { hasGit: boolean; commit?: string; branch?: string } {
  const dir = gitDir(root);
  if (!dir) return { hasGit: false };
  const head = read(join(dir, 'HEAD'));
  if (!head) return { hasGit: true };
  if (/^[0-9a-f]{40,64}$/.test(head)) return { hasGit: true, commit: head };
  const ref = head.match(/^ref:\s*(refs\/\S+)$/)?.[1];
  if (!ref) return { hasGit: true };
  const branch = ref.replace(/^refs\/heads\//, '');
  const commonDir = read(join(dir, 'commondir'));
  const refDirs = commonDir ? [dir, resolve(dir, commonDir)] : [dir];
  for (const d of refDirs) {
    const direct = read(join(d, ref));
    if (direct && /^[0-9a-f]{40,64}$/.test(direct)) return { hasGit: true, commit: direct, branch };
    const packed = read(join(d, 'packed-refs'))
      ?.split('\n')
      .find((l) => l.endsWith(` ${ref}`))
      ?.split(' ')[0];
    if (packed) return { hasGit: true, commit: packed, branch };
  }
  return { hasGit: true, branch };
}
