// License findings: one per risky dependency (copyleft, non-commercial), one summary per source for
// dependencies whose license is unknown, and a note when the project itself is copyleft or non-commercial.
import { fingerprint } from '../../fingerprint';
import type { AnalyzerContext, Finding, LicenseEntry, Severity, SourceFile } from '../../types';
import { RISK_RANK, type LicenseRisk } from './license-risk';

const SPDX_LIST = { title: 'SPDX License List', url: 'https://spdx.org/licenses/' };
const GPL_FAQ = { title: 'GNU licenses FAQ', url: 'https://www.gnu.org/licenses/gpl-faq.html' };

interface RiskText {
  severity: Severity;
  title: string;
  impact: string;
  guidance: string;
  example: string;
  references: { title: string; url: string }[];
}

const RISKS: Partial<Record<LicenseRisk, RiskText>> = {
  'network-copyleft': {
    severity: 'high',
    title: 'Dependency under a network copyleft license',
    impact:
      'AGPL/SSPL-style licenses can require publishing the source of the whole service, including proprietary code, to its network users.',
    guidance: 'Replace the package with a permissively licensed alternative, isolate it as a separate unmodified service, or buy a commercial license.',
    example: 'npm ls <package>   # find who pulls it in, then replace or remove that dependency',
    references: [{ title: 'GNU Affero General Public License v3', url: 'https://www.gnu.org/licenses/agpl-3.0.html' }, SPDX_LIST],
  },
  'non-commercial': {
    severity: 'high',
    title: 'Dependency whose license forbids commercial use',
    impact: 'Non-commercial and source-available licenses (CC-BY-NC, PolyForm Noncommercial, BUSL...) do not allow use in a paid product.',
    guidance: 'Remove the package or obtain a commercial license from its author before shipping.',
    example: 'npm uninstall <package>   # or: pip uninstall <package>; then pick a MIT/Apache-2.0 alternative',
    references: [{ title: 'PolyForm Noncommercial License', url: 'https://polyformproject.org/licenses/noncommercial/1.0.0/' }, SPDX_LIST],
  },
  'strong-copyleft': {
    severity: 'medium',
    title: 'Dependency under a strong copyleft license',
    impact: 'GPL-style licenses require releasing derived works under the GPL when the software is distributed (apps, on-premise, SDKs).',
    guidance:
      'Keep the package out of anything you distribute, replace it with a permissive alternative, or check whether a linking exception or dual license applies.',
    example: 'npm ls <package>   # see who requires it; prefer an MIT/BSD/Apache-2.0 package with the same job',
    references: [GPL_FAQ, SPDX_LIST],
  },
  'weak-copyleft': {
    severity: 'low',
    title: 'Dependency under a weak copyleft license',
    impact: 'LGPL/MPL/EPL require sharing changes to the library itself and, for LGPL, allowing users to relink it.',
    guidance: 'Use the library unmodified and as a separate module (dynamic linking); publish any changes you make to its files.',
    example: '// import it as a normal dependency; do not copy its source files into your code base',
    references: [{ title: 'MPL 2.0 FAQ', url: 'https://www.mozilla.org/en-US/MPL/2.0/FAQ/' }, SPDX_LIST],
  },
};

const LOWER: Record<Severity, Severity> = { critical: 'high', high: 'medium', medium: 'low', low: 'info', info: 'info' };

const fileIndex = new WeakMap<AnalyzerContext, Map<string, SourceFile>>();

/** 1-based line where a package is named in its source file, so the finding opens at the right place. */
function lineOf(ctx: AnalyzerContext, source: string, name: string): number {
  let index = fileIndex.get(ctx);
  if (!index) fileIndex.set(ctx, (index = new Map(ctx.files.map((f) => [f.path, f]))));
  const file = index.get(source);
  if (!file) return 1;
  try {
    const text = file.text();
    const at = [`"node_modules/${name}"`, `"${name}"`, `name = "${name}"`, name].map((n) => text.indexOf(n)).find((i) => i >= 0);
    return at === undefined ? 1 : text.slice(0, at).split('\n').length;
  } catch {
    return 1;
  }
}

export interface DependencyLicense extends LicenseEntry {
  dev: boolean;
  hasMetadata: boolean;
}

const COPYLEFT: LicenseRisk[] = ['weak-copyleft', 'strong-copyleft', 'network-copyleft'];

/**
 * The project's own copyleft license already carries a dependency's obligations: an AGPL dependency of an AGPL
 * service asks nothing the project does not already owe. A non-commercial license is never covered.
 */
export function coveredByProject(dep: LicenseRisk, project: readonly LicenseRisk[]): boolean {
  return COPYLEFT.includes(dep) && project.some((p) => COPYLEFT.includes(p) && RISK_RANK[p] >= RISK_RANK[dep]);
}

export function riskyDependencyFinding(ctx: AnalyzerContext, dep: DependencyLicense, projectRisks: readonly LicenseRisk[] = []): Finding | null {
  const text = RISKS[dep.risk];
  if (!text) return null;
  const covered = coveredByProject(dep.risk, projectRisks);
  const line = lineOf(ctx, dep.source, dep.name);
  const ruleId = `licenses.${dep.risk}`;
  const label = `${dep.name}${dep.version ? `@${dep.version}` : ''}`;
  return {
    id: fingerprint(ruleId, dep.source, `${dep.name}:${dep.license}`),
    ruleId,
    analyzer: 'licenses',
    category: 'licenses',
    title: text.title,
    severity: covered ? 'info' : dep.dev ? LOWER[text.severity] : text.severity,
    confidence: 'high',
    cwe: [],
    owasp: [],
    location: { file: dep.source, startLine: line, endLine: line },
    message: `${label} is licensed under ${dep.license}${
      covered
        ? ' (the project itself is under a license at least as strong: no obligation beyond its own)'
        : dep.dev
          ? ' (development dependency: not shipped, lower risk)'
          : ''
    }.`,
    impact: text.impact,
    fix: { guidance: text.guidance, example: text.example.replace('<package>', dep.name) },
    references: text.references,
    pack: dep.risk,
    properties: { package: dep.name, version: dep.version ?? '', license: dep.license, dev: dep.dev },
  };
}

/**
 * Per source file, one finding for dependencies declaring no recognizable license (someone must read it) and
 * one for dependencies we have no metadata for (we cannot tell).
 */
export function unknownLicenseFindings(deps: DependencyLicense[]): Finding[] {
  const groups = new Map<string, { source: string; withMetadata: boolean; list: DependencyLicense[] }>();
  for (const d of deps) {
    if (d.risk !== 'unknown' || d.dev) continue;
    const key = `${d.source}\0${d.hasMetadata}`;
    const group = groups.get(key) ?? { source: d.source, withMetadata: d.hasMetadata, list: [] };
    group.list.push(d);
    groups.set(key, group);
  }
  // Declared-but-unrecognized (a risk to read) before missing metadata (a gap), then by file.
  const ordered = [...groups.values()].sort((a, b) => Number(b.withMetadata) - Number(a.withMetadata) || a.source.localeCompare(b.source));
  return ordered.map(({ source, withMetadata, list }) => {
    const names = list.map((d) => d.name).slice(0, 20);
    const ruleId = withMetadata ? 'licenses.unknown' : 'licenses.no-metadata';
    return {
      id: fingerprint(ruleId, source, 'unknown-licenses'),
      ruleId,
      analyzer: 'licenses',
      category: 'licenses',
      title: withMetadata ? 'Dependencies without a recognizable license' : 'Dependency licenses could not be determined',
      severity: withMetadata ? 'low' : 'info',
      confidence: withMetadata ? 'high' : 'medium',
      cwe: [],
      owasp: [],
      location: { file: source, startLine: 0, endLine: 0 }, // the manifest as a whole: no line
      message: withMetadata
        ? `${list.length} dependencies declare no license or a custom one (${names.slice(0, 5).join(', ')}${list.length > 5 ? ', ...' : ''}).`
        : `${list.length} dependencies are listed without license metadata; install them or use a lockfile that records licenses.`,
      impact: 'Code without a license grants no rights to use it; custom licenses need a lawyer to read them.',
      fix: {
        guidance: withMetadata
          ? 'Check each package: ask the author for a license, find the license in its repository, or replace it.'
          : 'Run the scan after installing dependencies (npm ci / pip install into .venv), or use package-lock v2+, which records licenses.',
        example: withMetadata ? 'npm view <package> license repository.url' : 'npm ci && duescan scan .',
      },
      references: [SPDX_LIST, { title: 'No license: choosealicense.com', url: 'https://choosealicense.com/no-permission/' }],
      properties: { count: list.length, packages: names },
    } satisfies Finding;
  });
}

/** A note when the project's own license limits how it can be sold. */
export function projectLicenseFinding(entry: LicenseEntry): Finding | null {
  if (!['strong-copyleft', 'network-copyleft', 'non-commercial'].includes(entry.risk)) return null;
  const ruleId = 'licenses.project-restrictive';
  return {
    id: fingerprint(ruleId, entry.source, entry.license),
    ruleId,
    analyzer: 'licenses',
    category: 'licenses',
    title: 'The project itself is under a restrictive license',
    severity: 'info',
    confidence: 'high',
    cwe: [],
    owasp: [],
    location: { file: entry.source, startLine: 0, endLine: 0 }, // the license file as a whole: no line
    message: `The project declares ${entry.license} (${entry.risk}).`,
    impact: 'Anyone may reuse the code under these terms; proprietary or dual licensing requires owning all copyrights.',
    fix: {
      guidance: 'Confirm the license is intentional and that contributor agreements allow relicensing if a commercial edition is planned.',
    },
    references: [GPL_FAQ, SPDX_LIST],
    properties: { license: entry.license },
  };
}
