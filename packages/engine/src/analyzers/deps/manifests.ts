// Direct dependencies declared by the manifest next to a lockfile (package.json, pyproject.toml, Pipfile),
// for lockfile formats that do not record them themselves.
import { parse as parseToml } from 'smol-toml';
import { normalizePackageName } from '../../advisories/package-name';
import type { Ecosystem } from '../../advisories/types';
import { DEV_EXTRA, isRecord } from './parsers/types';

export interface DirectNames {
  prod: Set<string>;
  dev: Set<string>;
}

const keysOf = (v: unknown): string[] => (isRecord(v) ? Object.keys(v) : []);
/** PEP 508 "requests[socks]>=2.0; python_version>'3'" -> "requests" */
const pep508Name = (spec: unknown): string => (typeof spec === 'string' ? (/^\s*([A-Za-z0-9][A-Za-z0-9._-]*)/.exec(spec)?.[1] ?? '') : '');
const lists = (v: unknown, which: (group: string) => boolean = () => true): string[] =>
  isRecord(v) ? Object.entries(v).flatMap(([group, l]) => (which(group) && Array.isArray(l) ? l.map(pep508Name) : [])) : [];

function fromPackageJson(text: string): DirectNames {
  const pkg = JSON.parse(text) as Record<string, unknown>;
  return {
    prod: new Set([...keysOf(pkg.dependencies), ...keysOf(pkg.optionalDependencies), ...keysOf(pkg.peerDependencies)]),
    dev: new Set(keysOf(pkg.devDependencies)),
  };
}

function fromPyproject(text: string): DirectNames {
  const doc = parseToml(text) as Record<string, unknown>;
  const project = isRecord(doc.project) ? doc.project : {};
  const tool = isRecord(doc.tool) ? doc.tool : {};
  const poetry = isRecord(tool.poetry) ? tool.poetry : {};
  const groups = isRecord(poetry.group) ? Object.values(poetry.group) : [];
  const prod = [
    ...(Array.isArray(project.dependencies) ? project.dependencies.map(pep508Name) : []),
    ...lists(project['optional-dependencies'], (g) => !DEV_EXTRA.test(g)),
    ...keysOf(poetry.dependencies).filter((n) => n !== 'python'),
  ];
  const dev = [
    ...keysOf(poetry['dev-dependencies']),
    ...groups.flatMap((g) => (isRecord(g) ? keysOf(g.dependencies) : [])),
    ...lists(doc['dependency-groups']),
    ...lists(project['optional-dependencies'], (g) => DEV_EXTRA.test(g)),
  ];
  return { prod: new Set(prod.map(toPyName)), dev: new Set(dev.map(toPyName)) };
}

const toPyName = (n: string) => normalizePackageName('PyPI', n);

function fromPipfile(text: string): DirectNames {
  const doc = parseToml(text) as Record<string, unknown>;
  return { prod: new Set(keysOf(doc.packages).map(toPyName)), dev: new Set(keysOf(doc['dev-packages']).map(toPyName)) };
}

const MANIFESTS: Record<Ecosystem, [string, (text: string) => DirectNames][]> = {
  npm: [['package.json', fromPackageJson]],
  PyPI: [
    ['pyproject.toml', fromPyproject],
    ['Pipfile', fromPipfile],
  ],
  Maven: [],
};

/** Reads the first manifest of the ecosystem found in `dir`; null when there is none or it is unreadable. */
export function directNamesIn(
  ecosystem: Ecosystem,
  dir: string,
  readFile: (path: string) => string | null,
): DirectNames | null {
  for (const [fileName, parse] of MANIFESTS[ecosystem]) {
    const text = readFile(dir ? `${dir}/${fileName}` : fileName);
    if (text === null) continue;
    try {
      return parse(text);
    } catch {
      return null; // a broken manifest only costs us the direct/transitive distinction
    }
  }
  return null;
}
