// Finds every package the bundled CLI still loads from node_modules at run time (the esbuild externals) and
// their dependencies, so the release tarball can carry them as bundledDependencies and install offline.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Directory of `name` as node resolves it from `fromDir` (walks up node_modules like require does). */
export function packageDir(name, fromDir) {
  let dir = fromDir;
  for (;;) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    const up = dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
}

function readManifest(dir) {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
}

/**
 * Walks dependencies and the optionalDependencies that are installed (platform packages for other machines are
 * not, unless passed in `extraDirs`). Returns the set of package folders, keyed by folder, so a nested copy
 * (`a/node_modules/b` when two versions of b exist) keeps its place and resolves as it does here.
 */
export function collectRuntimeDeps(roots, fromDir, extraDirs = []) {
  const found = new Map();
  const queue = roots.map((name) => ({ name, from: fromDir, optional: false }));
  const visit = (dir) => {
    if (found.has(dir)) return;
    const manifest = readManifest(dir);
    found.set(dir, { name: manifest.name, version: manifest.version });
    for (const dep of Object.keys(manifest.dependencies ?? {})) queue.push({ name: dep, from: dir, optional: false });
    for (const dep of Object.keys(manifest.optionalDependencies ?? {})) queue.push({ name: dep, from: dir, optional: true });
  };
  for (const dir of extraDirs) visit(dir);
  while (queue.length) {
    const { name, from, optional } = queue.shift();
    const dir = packageDir(name, from);
    if (dir) visit(dir);
    else if (!optional) throw new Error(`runtime dependency ${name} is not installed (from ${from}); run npm ci first`);
  }
  return found;
}
