// Reads the files findings point at, and nothing outside the scanned folder: a report path is data, so "../"
// or an absolute path or a symlink leading out is refused rather than followed.
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';

/** Larger files are not read: the context is a few lines, and a huge file is generated or data. */
const MAX_BYTES = 2 * 1024 * 1024;

export function projectFileReader(root: string): (path: string) => string | null {
  const base = realpathSync(root);
  const inside = (p: string) => {
    const rel = relative(base, p);
    return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
  };
  return (path) => {
    if (isAbsolute(path) || path.includes('\0')) return null;
    try {
      const real = realpathSync(resolve(base, path));
      if (!inside(real) || statSync(real).size > MAX_BYTES) return null;
      return readFileSync(real, 'utf8');
    } catch {
      return null;
    }
  };
}
