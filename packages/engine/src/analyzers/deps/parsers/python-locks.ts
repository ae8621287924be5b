// Python lockfiles: poetry.lock and uv.lock (TOML [[package]] tables) and Pipfile.lock (JSON with
// `default` / `develop` sections). uv.lock names the project's own dependencies; the others need the manifest.
import { parse as parseToml } from 'smol-toml';
import { BrokenLockfileError, DEV_EXTRA, isRecord, parseJsonObject, type LockEntry, type ParsedLockfile } from './types';
import { normalizePackageName } from '../../../advisories/package-name';

function readToml(text: string): Record<string, unknown> {
  try {
    return parseToml(text) as Record<string, unknown>;
  } catch (e) {
    throw new BrokenLockfileError(`invalid TOML: ${(e as Error).message.split('\n')[0]}`);
  }
}

function packageTables(doc: Record<string, unknown>): Record<string, unknown>[] {
  if (!Array.isArray(doc.package)) throw new BrokenLockfileError('no [[package]] entries');
  return doc.package.filter(isRecord);
}

export function parsePoetryLock(text: string): ParsedLockfile {
  const entries: LockEntry[] = [];
  for (const pkg of packageTables(readToml(text))) {
    if (typeof pkg.name !== 'string' || typeof pkg.version !== 'string') continue;
    // Poetry < 1.2 wrote category = "dev"; newer lockfiles leave dev-ness to pyproject groups.
    const dev = pkg.category === 'dev' ? true : pkg.category === 'main' ? false : undefined;
    entries.push({ ecosystem: 'PyPI', name: pkg.name, version: pkg.version, ...(dev === undefined ? {} : { dev }) });
  }
  return { entries };
}

const names = (list: unknown): string[] =>
  Array.isArray(list) ? list.filter(isRecord).map((d) => (typeof d.name === 'string' ? normalizePackageName('PyPI', d.name) : '')) : [];

export function parseUvLock(text: string): ParsedLockfile {
  const packages = packageTables(readToml(text));
  const isProject = (p: Record<string, unknown>) => isRecord(p.source) && ('editable' in p.source || 'virtual' in p.source);
  const prod = new Set<string>();
  const dev = new Set<string>();
  for (const project of packages.filter(isProject)) {
    names(project.dependencies).forEach((n) => prod.add(n));
    for (const group of [project['optional-dependencies'], project['dev-dependencies']]) {
      if (!isRecord(group)) continue;
      // (an extra named for development, `[test]` or `[docs]`, counts with the dependency groups)
      for (const [extra, list] of Object.entries(group)) {
        const target = group === project['dev-dependencies'] || DEV_EXTRA.test(extra) ? dev : prod;
        names(list).forEach((n) => target.add(n));
      }
    }
  }
  const entries: LockEntry[] = [];
  for (const pkg of packages) {
    if (isProject(pkg) || typeof pkg.name !== 'string' || typeof pkg.version !== 'string') continue;
    const name = normalizePackageName('PyPI', pkg.name);
    entries.push({ ecosystem: 'PyPI', name: pkg.name, version: pkg.version, direct: prod.has(name) || dev.has(name), dev: dev.has(name) && !prod.has(name) });
  }
  return { entries };
}

export function parsePipfileLock(text: string): ParsedLockfile {
  const lock = parseJsonObject(text);
  if (!isRecord(lock.default) && !isRecord(lock.develop)) throw new BrokenLockfileError('no default/develop sections');
  const entries: LockEntry[] = [];
  for (const [section, dev] of [['default', false], ['develop', true]] as const) {
    const deps = lock[section];
    if (!isRecord(deps)) continue;
    for (const [name, raw] of Object.entries(deps)) {
      const pinned = isRecord(raw) && typeof raw.version === 'string' ? /^===?\s*(.+)$/.exec(raw.version) : null;
      if (pinned) entries.push({ ecosystem: 'PyPI', name, version: pinned[1]!.trim(), dev });
    }
  }
  return { entries };
}
