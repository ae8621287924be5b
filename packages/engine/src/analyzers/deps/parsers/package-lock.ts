// npm package-lock.json / npm-shrinkwrap.json, lockfileVersion 1 (nested `dependencies`) and 2/3 (`packages`
// keyed by install path). v2/v3 name the root's direct dependencies; v1 needs package.json for that.
import { BrokenLockfileError, isRecord, parseJsonObject, type LockEntry, type ParsedLockfile } from './types';

const ROOT_DEP_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];

function nameFromPath(path: string): string | null {
  const index = path.lastIndexOf('node_modules/');
  return index < 0 ? null : path.slice(index + 'node_modules/'.length);
}

/** Dependencies declared by the root and by each workspace folder (entries whose path has no node_modules). */
function declaredByFolder(packages: Record<string, unknown>): Map<string, Set<string>> {
  const declared = new Map<string, Set<string>>();
  for (const [path, raw] of Object.entries(packages)) {
    if (path.includes('node_modules/') || !isRecord(raw)) continue;
    declared.set(path, new Set(ROOT_DEP_FIELDS.flatMap((f) => (isRecord(raw[f]) ? Object.keys(raw[f]) : []))));
  }
  return declared;
}

function parsePackages(packages: Record<string, unknown>): LockEntry[] {
  const declared = declaredByFolder(packages);
  const declaredAnywhere = new Set([...declared.values()].flatMap((s) => [...s]));
  const entries: LockEntry[] = [];
  for (const [path, raw] of Object.entries(packages)) {
    if (path === '' || !isRecord(raw) || raw.link === true) continue;
    const pathName = nameFromPath(path);
    if (!pathName || typeof raw.version !== 'string') continue; // workspace folders, links
    const name = typeof raw.name === 'string' ? raw.name : pathName; // npm aliases record the real name
    // Direct: installed at the top of node_modules (hoisted) or of a workspace folder that declares it.
    const folder = path.slice(0, path.lastIndexOf('node_modules/')).replace(/\/$/, '');
    const topLevel = !folder.includes('node_modules');
    const direct = topLevel && (folder === '' ? declaredAnywhere.has(pathName) : (declared.get(folder)?.has(pathName) ?? false));
    entries.push({
      ecosystem: 'npm',
      name,
      version: raw.version,
      dev: raw.dev === true || raw.devOptional === true,
      direct,
    });
  }
  return entries;
}

interface V1Node {
  raw: Record<string, unknown>;
  parent: V1Node | null;
  children: Record<string, unknown>;
}

/**
 * Nested v1 entries that nothing requires: a dependency that ships an npm-shrinkwrap.json brings its whole locked
 * tree (its own build and test tools included) under itself, installed but never loaded. An entry is loaded when a
 * loaded package requires its name and Node's resolution (own nested folder first, then each ancestor's) finds it;
 * every top-level entry counts as loaded.
 */
function unrequiredV1(dependencies: Record<string, unknown>): Set<Record<string, unknown>> {
  const all: V1Node[] = [];
  const collect = (deps: Record<string, unknown>, parent: V1Node | null) => {
    for (const raw of Object.values(deps)) {
      if (!isRecord(raw)) continue;
      const node: V1Node = { raw, parent, children: isRecord(raw.dependencies) ? raw.dependencies : {} };
      all.push(node);
      collect(node.children, node);
    }
  };
  collect(dependencies, null);
  const byRaw = new Map(all.map((n) => [n.raw, n]));
  const loaded = new Set<V1Node>();
  const queue = all.filter((n) => n.parent === null);
  for (const n of queue) loaded.add(n);
  while (queue.length) {
    const n = queue.pop()!;
    for (const name of isRecord(n.raw.requires) ? Object.keys(n.raw.requires) : []) {
      let found: V1Node | undefined;
      for (let at: V1Node | null = n; at && !found; at = at.parent) {
        const hit = at.children[name];
        if (isRecord(hit)) found = byRaw.get(hit);
      }
      if (!found && isRecord(dependencies[name])) found = byRaw.get(dependencies[name]);
      if (found && !loaded.has(found)) {
        loaded.add(found);
        queue.push(found);
      }
    }
  }
  return new Set(all.filter((n) => !loaded.has(n)).map((n) => n.raw));
}

function parseV1(dependencies: Record<string, unknown>, out: LockEntry[], unrequired: Set<Record<string, unknown>>): void {
  for (const [name, raw] of Object.entries(dependencies)) {
    if (!isRecord(raw) || typeof raw.version !== 'string') continue;
    // v1 writes aliases as "npm:real@1.2.3" and local deps as "file:..."; only registry versions are matchable.
    const alias = /^npm:(.+)@([^@]+)$/.exec(raw.version);
    const version = alias ? alias[2]! : raw.version;
    if (!/^\d/.test(version)) continue;
    // (an entry nothing requires is installed but never loaded: counted with the development tools)
    out.push({ ecosystem: 'npm', name: alias ? alias[1]! : name, version, dev: raw.dev === true || unrequired.has(raw) });
    if (isRecord(raw.dependencies)) parseV1(raw.dependencies, out, unrequired);
  }
}

export function parsePackageLock(text: string): ParsedLockfile {
  const lock = parseJsonObject(text);
  if (isRecord(lock.packages)) return { entries: parsePackages(lock.packages) };
  if (isRecord(lock.dependencies)) {
    const entries: LockEntry[] = [];
    parseV1(lock.dependencies, entries, unrequiredV1(lock.dependencies));
    return { entries };
  }
  if (typeof lock.lockfileVersion !== 'number') throw new BrokenLockfileError('no lockfileVersion, packages or dependencies');
  return { entries: [] };
}
