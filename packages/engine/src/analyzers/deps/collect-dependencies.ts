// Reads every lockfile/manifest the collector found into Dependency records, one per package and version per
// file, and every manifest no lockfile resolves ("declared, not resolved"). A broken file becomes a
// 'broken-lockfile' skip entry; it never aborts the scan.
import type { AnalyzerContext, Dependency, SourceFile } from '../../types';
import { normalizePackageName } from '../../advisories/package-name';
import { declaredFromPackageJson, declaredFromPipfile, declaredFromPyproject, declaredFromSetupCfg } from './declared';
import { directNamesIn, type DirectNames } from './manifests';
import { parserFor, type LockEntry, type LockfileParser } from './parsers/index';
import type { LockGraph } from './parsers/types';
import { purlOf } from './purl';

export interface CollectedDependencies {
  dependencies: Dependency[];
  /** Requirements that name no version at all (unresolved Maven properties), which cannot be matched. */
  unpinned: string[];
  lockfiles: string[];
  /** Manifests read because no lockfile resolves them. */
  declaredManifests: string[];
}

/** Lockfiles that resolve a manifest in their folder (and, for npm workspaces, in folders below). */
const NPM_LOCKS = ['package-lock.json', 'npm-shrinkwrap.json', 'yarn.lock', 'pnpm-lock.yaml'];
const PY_LOCKS = ['poetry.lock', 'Pipfile.lock', 'uv.lock', 'pdm.lock'];

const DECLARED: Record<string, { parse: LockfileParser; locks: string[]; workspaces: boolean }> = {
  'package.json': { parse: declaredFromPackageJson, locks: NPM_LOCKS, workspaces: true },
  'pyproject.toml': { parse: declaredFromPyproject, locks: PY_LOCKS, workspaces: true },
  Pipfile: { parse: declaredFromPipfile, locks: PY_LOCKS, workspaces: false },
  'setup.cfg': { parse: declaredFromSetupCfg, locks: PY_LOCKS, workspaces: false },
};

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** A lockfile beside the manifest, or (workspaces) in a folder above it. */
function resolvedByLockfile(path: string, locks: string[], workspaces: boolean, exists: (p: string) => boolean): boolean {
  let dir = dirOf(path);
  for (;;) {
    if (locks.some((l) => exists(dir ? `${dir}/${l}` : l))) return true;
    if (!workspaces || dir === '') return false;
    dir = dirOf(dir);
  }
}

/** requirements-dev.txt, requirements/test.txt, requirements-doc.txt, docs/requirements.txt...: tooling, not shipped. */
// (`local` is a developer's machine: cookiecutter-django's requirements/local.txt beside production.txt)
const DEV_REQUIREMENTS = /(^|\/)requirements([-_.](dev|develop|development|local|test|tests|testing|doc|docs|lint|ci))\.txt$|(^|\/)requirements\/(dev|develop|development|local|test|tests|testing|doc|docs|lint|ci)\.txt$|(^|\/)docs?\/requirements[^/]*\.txt$/i;
export const isDevRequirements = (path: string): boolean => DEV_REQUIREMENTS.test(path);

/**
 * Which tool writes each Python lockfile, and how a pyproject.toml says it uses that tool. A folder with two
 * lockfiles (a project that moved from Poetry to uv and kept the old poetry.lock) installs from the one whose tool
 * its pyproject.toml configures; the other is a stale copy nobody installs from (its pins may be years old).
 */
const POETRY = /^\s*\[tool\.poetry[\].]|poetry[-_.]core|poetry\.masonry/m;
const PDM = /^\s*\[tool\.pdm[\].]|pdm[-_.]backend/m;
const PY_LOCK_TOOL: Record<string, (pyproject: string) => boolean> = {
  'poetry.lock': (t) => POETRY.test(t),
  'pdm.lock': (t) => PDM.test(t),
  // uv reads the plain [project] table every modern pyproject.toml has (Poetry 2 and PDM projects too): uv is the
  // tool when it is configured, or when [project] is there and no other tool is
  'uv.lock': (t) => /^\s*\[tool\.uv[\].]/m.test(t) || (/^\s*\[project\]/m.test(t) && !POETRY.test(t) && !PDM.test(t)),
};

/** A Python lockfile beside another one whose tool the folder's pyproject.toml configures while it does not this one's. */
export function staleLockfile(path: string, exists: (p: string) => boolean, readFile: (p: string) => string | null): string | null {
  const name = baseName(path);
  const uses = PY_LOCK_TOOL[name];
  if (!uses) return null;
  const dir = dirOf(path);
  const at = (f: string) => (dir ? `${dir}/${f}` : f);
  const pyproject = readFile(at('pyproject.toml'));
  if (pyproject === null || uses(pyproject)) return null;
  const other = Object.keys(PY_LOCK_TOOL).find((l) => l !== name && exists(at(l)) && PY_LOCK_TOOL[l]?.(pyproject));
  return other ? `${other} is the lockfile of the tool pyproject.toml configures` : null;
}

const dirOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');

function toDependency(entry: LockEntry, source: string, manifest: DirectNames | null): Dependency {
  const key = entry.ecosystem === 'PyPI' ? normalizePackageName('PyPI', entry.name) : entry.name;
  const inProd = manifest?.prod.has(key) ?? false;
  const inDev = manifest?.dev.has(key) ?? false;
  const direct = entry.direct ?? (inProd || inDev);
  const dev = entry.dev ?? (inDev && !inProd);
  return {
    ecosystem: entry.ecosystem,
    name: entry.name,
    version: entry.version,
    direct,
    source,
    dev,
    // A range is no version: the purl names the package only.
    purl: purlOf(entry.ecosystem, entry.name, entry.requirement ? null : entry.version),
    ...(entry.declaredOnly ? { declaredOnly: true } : {}),
    ...(entry.requirement ? { requirement: entry.requirement } : {}),
    ...(entry.marker ? { marker: entry.marker } : {}),
  };
}

/** Nested copies of one package (npm) collapse into one record: direct if any copy is, dev only if all are. */
function addUnique(byKey: Map<string, Dependency>, dep: Dependency): void {
  const key = `${dep.ecosystem}:${dep.name}@${dep.version}`;
  const existing = byKey.get(key);
  if (!existing) byKey.set(key, dep);
  else {
    existing.direct ||= dep.direct;
    existing.dev = Boolean(existing.dev && dep.dev);
    // installed under a condition only when every copy is
    if (existing.marker !== dep.marker) delete existing.marker;
  }
}

/**
 * Packages of a lockfile without dev flags (classic yarn.lock) that only development dependencies pull in: reached
 * from the manifest's devDependencies and not from its dependencies, optionalDependencies or peerDependencies (a
 * watcher's process killer, a bundler's parser). Null without the manifest's roots (missing, unreadable, or declaring
 * workspaces: their packages' production dependencies are not in the root manifest).
 */
export function devOnlyPackages(graph: LockGraph, roots: ManifestRoots | null): Set<string> | null {
  if (!roots) return null;
  const reach = (descriptors: string[]): Set<string> => {
    const seen = new Set<string>();
    const queue = descriptors.map((d) => graph.resolves.get(d)).filter((p): p is string => !!p);
    while (queue.length) {
      const p = queue.pop()!;
      if (seen.has(p)) continue;
      seen.add(p);
      for (const d of graph.requires.get(p) ?? []) {
        const next = graph.resolves.get(d);
        if (next && !seen.has(next)) queue.push(next);
      }
    }
    return seen;
  };
  const prod = reach(roots(['dependencies', 'optionalDependencies', 'peerDependencies']));
  // a production root the lockfile does not resolve (edited manifest, alias): its subtree is unknown, so claim nothing
  if (roots(['dependencies', 'optionalDependencies']).some((d) => !graph.resolves.has(d))) return null;
  const dev = reach(roots(['devDependencies']));
  return new Set([...dev].filter((p) => !prod.has(p)));
}

/**
 * The installed packages (`name@version`) the manifest asks for itself: what its own descriptors (`lodash@^4.17.21`)
 * resolve to. Another installed version of a package the manifest names (`lodash@3.10.1`, pulled in by a library) is
 * transitive. Null where devOnlyPackages is, or when a declared descriptor is not in the lockfile (then the name alone
 * decides, as without a graph).
 */
export function directPackages(graph: LockGraph, roots: ManifestRoots | null): Set<string> | null {
  if (!roots) return null;
  const all = roots(['dependencies', 'optionalDependencies', 'peerDependencies', 'devDependencies']);
  const resolved = all.map((d) => graph.resolves.get(d));
  return resolved.every((p) => p !== undefined) ? new Set(resolved as string[]) : null;
}

/** The manifest's descriptors (`name@range`) of the given dependency fields. */
export type ManifestRoots = (fields: string[]) => string[];

/** A package.json's descriptors, read once for both uses above; null when missing, unreadable or with workspaces. */
export function manifestRoots(manifestText: string | null): ManifestRoots | null {
  if (manifestText === null) return null;
  let pkg: Record<string, unknown>;
  try {
    pkg = JSON.parse(manifestText) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (!pkg || typeof pkg !== 'object' || pkg.workspaces !== undefined) return null;
  return (fields) =>
    fields.flatMap((f) => {
      const deps = pkg[f];
      return deps && typeof deps === 'object' && !Array.isArray(deps) ? Object.entries(deps as Record<string, unknown>).map(([n, r]) => `${n}@${String(r)}`) : [];
    });
}

export function collectDependencies(ctx: AnalyzerContext): CollectedDependencies {
  const byPath = new Map<string, SourceFile>(ctx.files.map((f) => [f.path, f]));
  const readFile = (path: string): string | null => {
    try {
      return byPath.get(path)?.text() ?? null;
    } catch {
      return null;
    }
  };
  const dependencies: Dependency[] = [];
  const unpinned: string[] = [];
  const lockfiles: string[] = [];
  const declaredManifests: string[] = [];
  for (const file of ctx.files) {
    const declared = DECLARED[baseName(file.path)];
    // Manifests in test fixtures describe someone else's project; lockfiles there are read as before.
    const readDeclared = declared && !file.isTest && !resolvedByLockfile(file.path, declared.locks, declared.workspaces, (p) => byPath.has(p));
    const parse = parserFor(file.path) ?? (readDeclared ? declared.parse : null);
    if (!parse) continue;
    const stale = readDeclared ? null : staleLockfile(file.path, (p) => byPath.has(p), readFile);
    if (stale) {
      ctx.skip({ file: file.path, reason: 'stale-lockfile', detail: stale });
      continue;
    }
    let parsed;
    try {
      parsed = parse(file.text());
    } catch (e) {
      ctx.skip({ file: file.path, reason: 'broken-lockfile', detail: (e as Error).message.slice(0, 200) });
      continue;
    }
    // A setup.cfg or pyproject.toml that only configures tools declares nothing: not worth a note.
    if (readDeclared) {
      if (parsed.entries.length > 0) declaredManifests.push(file.path);
    } else lockfiles.push(file.path);
    unpinned.push(...(parsed.unpinned ?? []).map((u) => `${u} (${file.path})`));
    const manifests = new Map<string, DirectNames | null>();
    const manifestFor = (entry: LockEntry) => {
      if (!manifests.has(entry.ecosystem)) manifests.set(entry.ecosystem, directNamesIn(entry.ecosystem, dirOf(file.path), readFile));
      return manifests.get(entry.ecosystem) ?? null;
    };
    const byKey = new Map<string, Dependency>();
    const devFile = isDevRequirements(file.path);
    const roots = parsed.graph ? manifestRoots(readFile(dirOf(file.path) ? `${dirOf(file.path)}/package.json` : 'package.json')) : null;
    const devOnly = parsed.graph ? devOnlyPackages(parsed.graph, roots) : null;
    const directs = parsed.graph ? directPackages(parsed.graph, roots) : null;
    for (const raw of parsed.entries) {
      const id = `${raw.name}@${raw.version}`;
      let entry = (devFile || devOnly?.has(id)) && raw.dev === undefined ? { ...raw, dev: true } : raw;
      // with the graph, the installed version decides, not the name: a library's older copy of a package the
      // manifest also lists is neither direct nor (when production code pulls it in) a development package
      if (devOnly && entry.dev === undefined) entry = { ...entry, dev: false };
      if (directs && entry.direct === undefined) entry = { ...entry, direct: directs.has(id) };
      addUnique(byKey, toDependency(entry, file.path, entry.direct === undefined || entry.dev === undefined ? manifestFor(entry) : null));
    }
    dependencies.push(...byKey.values());
  }
  return { dependencies, unpinned, lockfiles, declaredManifests };
}
