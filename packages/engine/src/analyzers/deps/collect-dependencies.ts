// Reads every lockfile/manifest the collector found into Dependency records, one per package and version per
// file. A broken file becomes a 'broken-lockfile' skip entry; it never aborts the scan.
import type { AnalyzerContext, Dependency, SourceFile } from '../../types';
import { normalizePackageName } from '../../advisories/package-name';
import { directNamesIn, type DirectNames } from './manifests';
import { parserFor, type LockEntry } from './parsers/index';
import { purlOf } from './purl';

export interface CollectedDependencies {
  dependencies: Dependency[];
  /** Requirements without an exact version (ranges), which cannot be matched against advisories. */
  unpinned: string[];
  lockfiles: string[];
}

/** requirements-dev.txt, requirements/test.txt...: tooling, not shipped. */
const DEV_REQUIREMENTS = /(^|\/)requirements([-_.](dev|test|tests|docs|lint|ci))\.txt$|(^|\/)requirements\/(dev|test|tests|docs|lint|ci)\.txt$/i;

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
    purl: purlOf(entry.ecosystem, entry.name, entry.version),
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
  }
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
  for (const file of ctx.files) {
    const parse = parserFor(file.path);
    if (!parse) continue;
    let parsed;
    try {
      parsed = parse(file.text());
    } catch (e) {
      ctx.skip({ file: file.path, reason: 'broken-lockfile', detail: (e as Error).message.slice(0, 200) });
      continue;
    }
    lockfiles.push(file.path);
    unpinned.push(...(parsed.unpinned ?? []).map((u) => `${u} (${file.path})`));
    const manifests = new Map<string, DirectNames | null>();
    const manifestFor = (entry: LockEntry) => {
      if (!manifests.has(entry.ecosystem)) manifests.set(entry.ecosystem, directNamesIn(entry.ecosystem, dirOf(file.path), readFile));
      return manifests.get(entry.ecosystem) ?? null;
    };
    const byKey = new Map<string, Dependency>();
    const devFile = DEV_REQUIREMENTS.test(file.path);
    for (const raw of parsed.entries) {
      const entry = devFile && raw.dev === undefined ? { ...raw, dev: true } : raw;
      addUnique(byKey, toDependency(entry, file.path, entry.direct === undefined || entry.dev === undefined ? manifestFor(entry) : null));
    }
    dependencies.push(...byKey.values());
  }
  return { dependencies, unpinned, lockfiles };
}
