// pnpm-lock.yaml, lockfile formats 5.x ("/name/1.0.0"), 6.x ("/name@1.0.0") and 9.x ("name@1.0.0" plus
// `snapshots`). Importers (or the v5 root) list the direct dependencies of every workspace project.
import { load } from 'js-yaml';
import { BrokenLockfileError, isRecord, type LockEntry, type ParsedLockfile } from './types';

const DEP_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies'];

const V5_KEY = /^((?:@[^/]+\/)?[^/@]+)\/(\d[^_/(]*)/;

/** Package key -> name + version, dropping peer-dependency suffixes "(react@18.2.0)" / "_react@18.2.0". */
function parseKey(key: string): { name: string; version: string } | null {
  const bare = key.replace(/^\//, '');
  const v5 = V5_KEY.exec(bare); // v5: "@scope/name/1.0.0" or "name/1.0.0_react@18.0.0"
  if (v5) return { name: v5[1]!, version: v5[2]! };
  const withoutPeers = bare.replace(/\(.*$/, '');
  const at = withoutPeers.indexOf('@', 1);
  if (at <= 0) return null;
  const version = withoutPeers.slice(at + 1);
  return /^\d/.test(version) ? { name: withoutPeers.slice(0, at), version } : null;
}

function directNames(lock: Record<string, unknown>): { prod: Set<string>; dev: Set<string> } {
  const prod = new Set<string>();
  const dev = new Set<string>();
  const projects = isRecord(lock.importers) ? Object.values(lock.importers) : [lock];
  for (const project of projects) {
    if (!isRecord(project)) continue;
    for (const field of DEP_FIELDS) {
      const deps = project[field];
      if (!isRecord(deps)) continue;
      for (const name of Object.keys(deps)) (field === 'devDependencies' ? dev : prod).add(name);
    }
  }
  return { prod, dev };
}

/** `version` of an importer or snapshot dependency: '1.2.3(peer@1)', { version: '...' }, or an alias 'real@1.2.3'. */
function depKey(name: string, spec: unknown): string | null {
  const version = isRecord(spec) ? spec.version : spec;
  if (typeof version !== 'string' || /^(link|file|workspace):/.test(version)) return null;
  return /^(@[^/]+\/)?[^@(]+@\d/.test(version) ? version : `${name}@${version}`;
}

/**
 * v9 lockfiles carry no `dev` flag: a package is production when the production dependencies of some importer reach
 * it through `snapshots`; everything else is installed for development only (build tools, test runners and what
 * they pull in). Undefined for older formats, which flag each package themselves.
 */
function productionClosure(lock: Record<string, unknown>): Set<string> | undefined {
  if (!isRecord(lock.snapshots) || !isRecord(lock.importers)) return undefined;
  const snapshots = lock.snapshots;
  const reached = new Set<string>();
  const queue: string[] = [];
  const visit = (name: string, spec: unknown): void => {
    const key = depKey(name, spec);
    if (key && !reached.has(key)) {
      reached.add(key);
      queue.push(key);
    }
  };
  for (const project of Object.values(lock.importers)) {
    if (!isRecord(project)) continue;
    for (const field of ['dependencies', 'optionalDependencies']) {
      const deps = project[field];
      if (isRecord(deps)) for (const [name, spec] of Object.entries(deps)) visit(name, spec);
    }
  }
  while (queue.length) {
    const snap = snapshots[queue.pop() as string];
    if (!isRecord(snap)) continue;
    for (const field of ['dependencies', 'optionalDependencies']) {
      const deps = snap[field];
      if (isRecord(deps)) for (const [name, spec] of Object.entries(deps)) visit(name, spec);
    }
  }
  return new Set([...reached].map((k) => k.replace(/\(.*$/, '')));
}

export function parsePnpmLock(text: string): ParsedLockfile {
  let lock: unknown;
  try {
    lock = load(text);
  } catch (e) {
    throw new BrokenLockfileError(`invalid YAML: ${(e as Error).message.split('\n')[0]}`);
  }
  if (!isRecord(lock) || lock.lockfileVersion === undefined) throw new BrokenLockfileError('no lockfileVersion');
  const { prod, dev } = directNames(lock);
  const production = productionClosure(lock);
  const seen = new Set<string>();
  const entries: LockEntry[] = [];
  const packages = isRecord(lock.packages) ? lock.packages : {};
  for (const [key, raw] of Object.entries(packages)) {
    const parsed = parseKey(key);
    if (!parsed || seen.has(`${parsed.name}@${parsed.version}`)) continue;
    seen.add(`${parsed.name}@${parsed.version}`);
    const isDirect = prod.has(parsed.name) || dev.has(parsed.name);
    const devFlag =
      isRecord(raw) && typeof raw.dev === 'boolean'
        ? raw.dev
        : production
          ? !production.has(`${parsed.name}@${parsed.version}`)
          : dev.has(parsed.name) && !prod.has(parsed.name);
    entries.push({ ecosystem: 'npm', ...parsed, dev: devFlag, direct: isDirect });
  }
  return { entries };
}
