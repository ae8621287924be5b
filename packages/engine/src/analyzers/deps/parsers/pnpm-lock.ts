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

export function parsePnpmLock(text: string): ParsedLockfile {
  let lock: unknown;
  try {
    lock = load(text);
  } catch (e) {
    throw new BrokenLockfileError(`invalid YAML: ${(e as Error).message.split('\n')[0]}`);
  }
  if (!isRecord(lock) || lock.lockfileVersion === undefined) throw new BrokenLockfileError('no lockfileVersion');
  const { prod, dev } = directNames(lock);
  const seen = new Set<string>();
  const entries: LockEntry[] = [];
  const packages = isRecord(lock.packages) ? lock.packages : {};
  for (const [key, raw] of Object.entries(packages)) {
    const parsed = parseKey(key);
    if (!parsed || seen.has(`${parsed.name}@${parsed.version}`)) continue;
    seen.add(`${parsed.name}@${parsed.version}`);
    const isDirect = prod.has(parsed.name) || dev.has(parsed.name);
    const devFlag = isRecord(raw) && typeof raw.dev === 'boolean' ? raw.dev : dev.has(parsed.name) && !prod.has(parsed.name);
    entries.push({ ecosystem: 'npm', ...parsed, dev: devFlag, direct: isDirect });
  }
  return { entries };
}
