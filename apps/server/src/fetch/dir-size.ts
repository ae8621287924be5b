// Bytes on disk under a folder (regular files only, links not followed); used to stop fetches that grow too big.
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';

export async function dirSize(dir: string): Promise<number> {
  let total = 0;
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) total += await dirSize(full);
    else if (e.isFile()) total += (await lstat(full).catch(() => ({ size: 0 }))).size;
  }
  return total;
}
