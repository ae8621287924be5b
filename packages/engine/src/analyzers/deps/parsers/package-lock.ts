// npm package-lock.json / npm-shrinkwrap.json, lockfileVersion 1 (nested `dependencies`) and 2/3 (`packages`
// keyed by install path). v2/v3 name the root's direct dependencies; v1 needs package.json for that.
import { BrokenLockfileError, isRecord, parseJsonObject, type LockEntry, type ParsedLockfile } from './types';

const ROOT_DEP_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];

function nameFromPath(path: string): string | null {
  const index = path.lastIndexOf('node_modules/');
  return index < 0 ? null : path.slice(index + 'node_modules/'.length);
}

function parsePackages(packages: Record<string, unknown>): LockEntry[] {
  const root = isRecord(packages['']) ? packages[''] : {};
  const rootDeps = new Set(ROOT_DEP_FIELDS.flatMap((f) => (isRecord(root[f]) ? Object.keys(root[f]) : [])));
  const entries: LockEntry[] = [];
  for (const [path, raw] of Object.entries(packages)) {
    if (path === '' || !isRecord(raw) || raw.link === true) continue;
    const pathName = nameFromPath(path);
    if (!pathName || typeof raw.version !== 'string') continue; // workspace folders, links
    const name = typeof raw.name === 'string' ? raw.name : pathName; // npm aliases record the real name
    entries.push({
      ecosystem: 'npm',
      name,
      version: raw.version,
      dev: raw.dev === true || raw.devOptional === true,
      direct: path === `node_modules/${pathName}` && rootDeps.has(pathName),
    });
  }
  return entries;
}

function parseV1(dependencies: Record<string, unknown>, out: LockEntry[]): void {
  for (const [name, raw] of Object.entries(dependencies)) {
    if (!isRecord(raw) || typeof raw.version !== 'string') continue;
    // v1 writes aliases as "npm:real@1.2.3" and local deps as "file:..."; only registry versions are matchable.
    const alias = /^npm:(.+)@([^@]+)$/.exec(raw.version);
    const version = alias ? alias[2]! : raw.version;
    if (!/^\d/.test(version)) continue;
    out.push({ ecosystem: 'npm', name: alias ? alias[1]! : name, version, dev: raw.dev === true });
    if (isRecord(raw.dependencies)) parseV1(raw.dependencies, out);
  }
}

export function parsePackageLock(text: string): ParsedLockfile {
  const lock = parseJsonObject(text);
  if (isRecord(lock.packages)) return { entries: parsePackages(lock.packages) };
  if (isRecord(lock.dependencies)) {
    const entries: LockEntry[] = [];
    parseV1(lock.dependencies, entries);
    return { entries };
  }
  if (typeof lock.lockfileVersion !== 'number') throw new BrokenLockfileError('no lockfileVersion, packages or dependencies');
  return { entries: [] };
}
