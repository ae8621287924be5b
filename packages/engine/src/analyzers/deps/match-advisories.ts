// Dependencies x advisories -> VulnerableDependency records and 'dependencies' findings.
import { fingerprint } from '../../fingerprint';
import { fixedVersionFor, isAffected } from '../../advisories/affected';
import { advisorySeverity } from '../../advisories/cvss/severity';
import type { AdvisoryDb, CompactAdvisory } from '../../advisories/types';
import { SEVERITIES, type Confidence, type Dependency, type Finding, type Severity, type VulnerableDependency } from '../../types';
import type { ImportIndex } from './imports';
import { locatePackage } from './locate';
import { matchRange } from './range-match';

export const VULNERABLE_DEPENDENCY_RULE = 'deps/vulnerable-dependency';
const OWASP_A06 = 'A06:2021-Vulnerable and Outdated Components';
/** CWE-1395: Dependency on Vulnerable Third-Party Component, when the advisory names no weakness. */
const DEFAULT_CWE = 'CWE-1395';

function guidance(dep: Dependency, fixed: string | undefined): string {
  const upgrade = fixed
    ? `Upgrade ${dep.name} to ${fixed} or later`
    : `No fixed version is published: replace ${dep.name}, or remove or isolate the affected feature`;
  const how = dep.direct
    ? dep.ecosystem === 'npm'
      ? ' in package.json and refresh the lockfile.'
      : ' in the manifest and refresh the lockfile.'
    : dep.ecosystem === 'npm'
      ? '. It is a transitive dependency: upgrade the package that pulls it in, or pin it with npm "overrides" / yarn "resolutions" / pnpm "overrides".'
      : '. It is a transitive dependency: upgrade the package that requires it, or add an explicit constraint.';
  return `${upgrade}${fixed || dep.direct ? how : '.'}`;
}

const lower = (a: Severity, b: Severity): Severity => (SEVERITIES.indexOf(a) > SEVERITIES.indexOf(b) ? a : b);

/** How far the finding's severity sits below the advisory's, and why (each reason one sentence). */
interface Reach {
  /** null when production code's imports were not read (no index). */
  imported: boolean | null;
  /** Set for a declared range: whether a fixed version also satisfies it. */
  range?: { fixAllowed: boolean };
  /** The APIs the advisory names when no project file names any of them. */
  unnamedApis?: string[];
}

/**
 * The functions an advisory's summary names as where the flaw is (`load_pem_pkcs7_certificates`, `set_term_title`):
 * a flaw in one API of a package, not in the package as a whole. Class names are left out: a framework wires its
 * parsers, middleware and widgets in itself (Django's MultiPartParser runs for every upload), and no project names them.
 */
export function advisoryApis(summary: string, pkg: string): string[] {
  const text = summary.replace(/https?:\/\/\S+/g, ' ');
  const own = pkg.toLowerCase().replace(/[-.]/g, '_');
  const out = new Set<string>();
  for (const m of text.matchAll(/`([A-Za-z_][\w.]*)(?:\(\))?`/g)) {
    const last = (m[1] as string).split('.').pop() as string;
    if (/_/.test(last.slice(1))) out.add(last);
  }
  // snake_case names (not a file or module path, not the package itself)
  for (const m of text.matchAll(/(?<![\w./-])([a-z][a-z0-9]*(?:_[a-z0-9]+)+)(?![\w/-]|\.py\b|\.\w)/g)) if (m[1] !== own) out.add(m[1] as string);
  return [...out];
}

/**
 * What an environment marker confines a requirement to, when no current deployment runs it: an end-of-life Python
 * (3.9 and older: `python_version < "3.8"`, `== "2.7"`). Null otherwise. (A platform marker is not enough: measured,
 * a desktop application's Windows installer ships the `sys_platform == "win32"` pin.)
 */
export function markerScope(marker: string): string | null {
  if (/\bor\b/.test(marker)) return null;
  for (const m of marker.matchAll(/python_(?:full_)?version\s*(<=|<|==)\s*['"](\d+)(?:\.(\d+))?/g)) {
    const [, op, major, minor = '0'] = m as unknown as [string, string, string, string];
    const v = Number(major) * 100 + Number(minor);
    if ((op === '<' && v <= 310) || ((op === '<=' || op === '==') && v <= 309)) return 'a Python release that is past its end of life';
  }
  return null;
}

/** Python's installers and build backends (their advisories: package-index parsing, downloads, wheel and sdist handling). */
const INSTALL_TOOLING = /^(setuptools|pip|wheel|virtualenv|pipenv|zc[._-]buildout|build|pip[._-]tools)$/i;

function adjust(dep: Dependency, advisorySev: Severity, reach: Reach): { severity: Severity; confidence: Confidence; notes: string[] } {
  let severity = advisorySev;
  const notes: string[] = [];
  let confidence: Confidence = 'high';
  if (reach.range) {
    severity = lower(severity, reach.range.fixAllowed ? 'low' : 'medium');
    confidence = 'low';
    notes.push(
      `No lockfile resolves it: it is declared as "${dep.requirement}", which may resolve to a vulnerable version${reach.range.fixAllowed ? ' (a fixed version also satisfies it, so a fresh install most likely gets that)' : ''}.`,
    );
  } else if (dep.declaredOnly) {
    confidence = 'medium';
    notes.push('No lockfile resolves it: the version is the exact pin its manifest declares (transitive dependencies are not known).');
  }
  const where = dep.marker ? markerScope(dep.marker) : null;
  if (dep.dev) {
    severity = lower(severity, 'low');
    notes.push('It is a development dependency, not shipped with the application.');
  } else if (where) {
    severity = lower(severity, 'low');
    notes.push(`It is installed only under \`${dep.marker}\`: ${where}.`);
  } else if (dep.ecosystem === 'PyPI' && INSTALL_TOOLING.test(dep.name)) {
    severity = lower(severity, 'low');
    notes.push('It is packaging tooling: its advisories concern installing and building packages (package indexes, downloads, archives), which the application does not do at run time.');
  } else if (dep.direct && reach.imported === false) {
    severity = lower(severity, 'medium');
    notes.push('No production source file imports it.');
  }
  // (one level: the framework or another dependency may call the function for the project)
  if (reach.unnamedApis?.length) {
    severity = lower(severity, 'medium');
    notes.push(`The advisory concerns ${reach.unnamedApis.map((a) => `\`${a}\``).join(', ')}, which no file of the project names (another package may still call it).`);
  }
  return { severity, confidence, notes };
}

function findingFor(
  dep: Dependency,
  advisory: CompactAdvisory,
  lockLines: readonly string[],
  reach: Reach,
): { finding: Finding; vuln: VulnerableDependency } {
  const fixed = reach.range ? fixedVersionFor(dep.ecosystem, advisory, '0') : fixedVersionFor(dep.ecosystem, advisory, dep.version);
  const { severity: advisorySev, cvssScore, cvssVector, cvssV3Score, cvssV3Vector } = advisorySeverity(advisory);
  const { severity, confidence, notes } = adjust(dep, advisorySev, reach);
  const cves = advisory.aliases.filter((a) => a.startsWith('CVE-'));
  const shownName = dep.ecosystem === 'Maven' ? dep.name.slice(dep.name.indexOf(':') + 1) : dep.name;
  const line = locatePackage(lockLines, shownName, dep.version);
  const id = fingerprint(VULNERABLE_DEPENDENCY_RULE, dep.source, `${advisory.id} ${dep.ecosystem}:${dep.name}@${dep.version}`);
  const label = `${advisory.id}${cves.length ? ` (${cves.join(', ')})` : ''}`;
  const finding: Finding = {
    id,
    ruleId: VULNERABLE_DEPENDENCY_RULE,
    analyzer: 'deps',
    category: 'dependencies',
    title: `${dep.name}@${dep.version}: ${advisory.summary || advisory.id}`,
    severity,
    confidence,
    cwe: advisory.cwe.length > 0 ? advisory.cwe : [DEFAULT_CWE],
    owasp: [OWASP_A06],
    location: { file: dep.source, startLine: line, endLine: line },
    message: [
      `${dep.direct ? 'Direct' : 'Transitive'} ${dep.ecosystem} dependency ${dep.name} ${dep.version} ${reach.range ? 'may be' : 'is'} affected by ${label}.${fixed ? ` Fixed in ${fixed}.` : ' No fixed version is published.'}`,
      ...notes,
    ].join(' '),
    impact: 'A published vulnerability in a package the application ships; exploits for known advisories are often public.',
    fix: { guidance: guidance(dep, fixed), ...(fixed ? { fixedVersion: fixed } : {}) },
    references: [
      { title: advisory.id, url: `https://osv.dev/vulnerability/${encodeURIComponent(advisory.id)}` },
      ...advisory.references.slice(0, 3).map((url) => ({ title: url.replace(/^https?:\/\//, '').slice(0, 80), url })),
    ],
    pack: advisory.id,
    properties: {
      advisoryId: advisory.id,
      aliases: advisory.aliases,
      ecosystem: dep.ecosystem,
      package: dep.name,
      version: dep.version,
      direct: dep.direct,
      purl: dep.purl,
      ...(reach.imported !== null ? { importedInProduction: reach.imported } : {}),
      ...(dep.dev ? { dev: true } : {}),
      ...(dep.declaredOnly ? { resolution: 'declared, not resolved' } : {}),
      ...(reach.range ? { requirement: dep.requirement ?? '', match: 'may resolve to a vulnerable version' } : {}),
      ...(cvssScore !== undefined ? { cvssScore } : {}),
      ...(cvssVector ? { cvssVector } : {}),
      // Set when a v4 score leads: the v3 score many tools still compare against.
      ...(cvssV3Score !== undefined && cvssV3Vector ? { cvssV3Score, cvssV3Vector } : {}),
    },
  };
  const vuln: VulnerableDependency = {
    dependency: dep,
    advisoryId: advisory.id,
    aliases: advisory.aliases,
    summary: advisory.summary,
    // The advisory's own rating; the finding carries the severity adjusted for reach and resolution.
    severity: advisorySev,
    ...(cvssScore !== undefined ? { cvssScore } : {}),
    ...(cvssVector ? { cvssVector } : {}),
    ...(fixed ? { fixedVersion: fixed } : {}),
    findingId: id,
  };
  return { finding, vuln };
}

export function matchAdvisories(
  dependencies: Dependency[],
  db: AdvisoryDb,
  textOf: (source: string) => string,
  importIndex?: ImportIndex,
): { findings: Finding[]; vulnerableDependencies: VulnerableDependency[] } {
  const findings: Finding[] = [];
  const vulnerableDependencies: VulnerableDependency[] = [];
  const linesBySource = new Map<string, string[]>();
  const linesOf = (source: string) => {
    let lines = linesBySource.get(source);
    if (!lines) linesBySource.set(source, (lines = textOf(source).split('\n')));
    return lines;
  };
  for (const dep of dependencies) {
    const imported = importIndex ? importIndex.imports(dep.ecosystem, dep.name) : null;
    for (const advisory of db.lookup(dep.ecosystem, dep.name)) {
      const apis = importIndex?.names ? advisoryApis(advisory.summary, dep.name) : [];
      const unnamedApis = apis.length && !apis.some((a) => importIndex?.names?.(a)) ? apis : undefined;
      let reach: Reach = { imported, ...(unnamedApis ? { unnamedApis } : {}) };
      if (dep.requirement) {
        const m = matchRange(dep.ecosystem, dep.requirement, advisory);
        if (!m.mayResolveToVulnerable) continue;
        reach = { ...reach, range: { fixAllowed: m.fixAllowed } };
      } else if (!isAffected(dep.ecosystem, advisory, dep.version)) continue;
      const { finding, vuln } = findingFor(dep, advisory, linesOf(dep.source), reach);
      findings.push(finding);
      vulnerableDependencies.push(vuln);
    }
  }
  return { findings, vulnerableDependencies };
}
