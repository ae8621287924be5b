// Dependencies declared in manifests (package.json, pyproject.toml with PEP 621 or Poetry tables, Pipfile,
// setup.cfg) that no lockfile resolves. Exact pins keep their version; ranges keep the requirement as written and
// are matched by range (see range-match.ts); an unconstrained one is listed with "*". Entries that are not
// registry versions (git URLs, paths, workspace links) are left out: they name no package version at all.
import { parse as parseToml } from 'smol-toml';
import { BrokenLockfileError, DEV_EXTRA, isRecord, parseJsonObject, type LockEntry, type ParsedLockfile } from './parsers/types';

const entriesOf = (v: unknown): [string, unknown][] => (isRecord(v) ? Object.entries(v) : []);

/** npm requirement -> exact version, a range, or null when it is not a registry version. */
function npmSpec(spec: string): { version: string; requirement?: string } | null {
  const s = spec.trim();
  if (/^(file:|link:|workspace:|git|github:|https?:|npm:|portal:|patch:)|\//.test(s)) return null;
  if (!s) return { version: '*', requirement: '*' };
  const exact = /^=?v?(\d+\.\d+\.\d+(?:-[\w.]+)?)$/.exec(s);
  return exact ? { version: exact[1]! } : { version: s, requirement: s };
}

export function declaredFromPackageJson(text: string): ParsedLockfile {
  const pkg = parseJsonObject(text);
  const entries: LockEntry[] = [];
  const add = (section: unknown, dev: boolean) => {
    for (const [name, raw] of entriesOf(section)) {
      const spec = typeof raw === 'string' ? npmSpec(raw) : null;
      if (spec) entries.push({ ecosystem: 'npm', name, ...spec, direct: true, dev, declaredOnly: true });
    }
  };
  add(pkg.dependencies, false);
  add(pkg.optionalDependencies, false);
  add(pkg.devDependencies, true);
  return { entries };
}

/** PEP 508 "requests[socks]>=2.0,<3; python_version>'3'" -> name and specifier. */
const PEP508 = /^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*\(?\s*([^;@]*?)\s*\)?\s*(?:;.*)?$/;

/** PEP 440 specifier -> exact version, or a range ("*" when there is no constraint). */
export function pep440Spec(spec: string): { version: string; requirement?: string } {
  const s = spec.trim().replace(/\s+/g, '') || '*';
  const exact = /^===?([^,*;]+)$/.exec(s);
  return exact ? { version: exact[1]! } : { version: s, requirement: s };
}

function pep508Entry(line: string, dev: boolean): LockEntry | null {
  const m = PEP508.exec(line);
  if (!m || line.includes('@ ') || /:\/\//.test(line)) return null;
  return { ecosystem: 'PyPI', name: m[1]!, ...pep440Spec(m[2] ?? ''), direct: true, dev, declaredOnly: true };
}

/** Poetry: "^2.28", "~1.2", "2.28.1", "*", or a table with a version key. Caret and tilde follow npm's semantics. */
function poetryEntry(name: string, raw: unknown, dev: boolean): LockEntry | null {
  const spec = typeof raw === 'string' ? raw : isRecord(raw) && typeof raw.version === 'string' ? raw.version : null;
  if (spec === null || name.toLowerCase() === 'python') return null;
  const s = spec.trim() || '*';
  if (s === '*') return { ecosystem: 'PyPI', name, version: '*', requirement: '*', direct: true, dev, declaredOnly: true };
  if (/^\d+(\.\d+)*$/.test(s)) return { ecosystem: 'PyPI', name, version: s, direct: true, dev, declaredOnly: true };
  return { ecosystem: 'PyPI', name, version: s, requirement: poetryToPep440(s), direct: true, dev, declaredOnly: true };
}

/** "^1.2.3" -> ">=1.2.3,<2.0.0"; "~1.2" -> ">=1.2,<1.3"; anything else is already PEP 440-like. */
export function poetryToPep440(spec: string): string {
  const m = /^([\^~])\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(spec.trim());
  if (!m) return spec.replace(/\s+/g, '');
  const [, op, major, minor, patch] = m;
  const floor = [major, minor ?? '0', patch ?? '0'].join('.');
  const M = Number(major);
  const mi = Number(minor ?? 0);
  let ceil: string;
  if (op === '~') ceil = minor === undefined ? `${M + 1}.0.0` : `${M}.${mi + 1}.0`;
  else if (M > 0 || minor === undefined) ceil = `${M + 1}.0.0`;
  else ceil = mi > 0 || patch === undefined ? `0.${mi + 1}.0` : `0.0.${Number(patch) + 1}`;
  return `>=${floor},<${ceil}`;
}

function parseTomlDoc(text: string): Record<string, unknown> {
  try {
    return parseToml(text) as Record<string, unknown>;
  } catch (e) {
    throw new BrokenLockfileError(`invalid TOML: ${(e as Error).message.split('\n')[0]}`);
  }
}

export function declaredFromPyproject(text: string): ParsedLockfile {
  const doc = parseTomlDoc(text);
  const project = isRecord(doc.project) ? doc.project : {};
  const tool = isRecord(doc.tool) ? doc.tool : {};
  const poetry = isRecord(tool.poetry) ? tool.poetry : {};
  const entries: (LockEntry | null)[] = [];
  const pep508List = (v: unknown, dev: boolean) => (Array.isArray(v) ? v.filter((x) => typeof x === 'string').map((x) => pep508Entry(x, dev)) : []);
  entries.push(...pep508List(project.dependencies, false));
  for (const [extra, list] of entriesOf(project['optional-dependencies'])) entries.push(...pep508List(list, DEV_EXTRA.test(extra)));
  for (const [, list] of entriesOf(doc['dependency-groups'])) entries.push(...pep508List(list, true));
  for (const [name, raw] of entriesOf(poetry.dependencies)) entries.push(poetryEntry(name, raw, false));
  for (const [name, raw] of entriesOf(poetry['dev-dependencies'])) entries.push(poetryEntry(name, raw, true));
  for (const [, group] of entriesOf(poetry.group)) {
    for (const [name, raw] of entriesOf(isRecord(group) ? group.dependencies : undefined)) entries.push(poetryEntry(name, raw, true));
  }
  return { entries: entries.filter((e): e is LockEntry => e !== null) };
}

export function declaredFromPipfile(text: string): ParsedLockfile {
  const doc = parseTomlDoc(text);
  const entries: LockEntry[] = [];
  const add = (section: unknown, dev: boolean) => {
    for (const [name, raw] of entriesOf(section)) {
      const spec = typeof raw === 'string' ? raw : isRecord(raw) && typeof raw.version === 'string' ? raw.version : '*';
      entries.push({ ecosystem: 'PyPI', name, ...pep440Spec(spec), direct: true, dev, declaredOnly: true });
    }
  };
  add(doc.packages, false);
  add(doc['dev-packages'], true);
  return { entries };
}

/** setup.cfg [options] install_requires (and extras_require) as indented PEP 508 lines. */
export function declaredFromSetupCfg(text: string): ParsedLockfile {
  const entries: LockEntry[] = [];
  let section = '';
  let key = '';
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/\s[#;].*$/, '');
    const header = /^\s*\[([^\]]+)\]\s*$/.exec(line);
    if (header) {
      section = header[1]!.trim();
      key = '';
      continue;
    }
    const assign = /^([A-Za-z_][\w.-]*)\s*=\s*(.*)$/.exec(line);
    if (assign) {
      key = section === 'options' ? assign[1]! : section === 'options.extras_require' ? 'extras' : '';
      const rest = assign[2]!.trim();
      if ((key === 'install_requires' || key === 'extras') && rest) {
        const e = pep508Entry(rest, false);
        if (e) entries.push(e);
      }
      continue;
    }
    if ((key === 'install_requires' || key === 'extras') && /^\s+\S/.test(line)) {
      const e = pep508Entry(line.trim(), false);
      if (e) entries.push(e);
    }
  }
  return { entries };
}
