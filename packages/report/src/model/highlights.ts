// Top strengths and top risks for the executive summary. Each sentence is computed from the data it summarises,
// open and accepted findings alike (an accepted finding is disclosed, not gone), and only from analyzers that ran
// with data: a strength is never claimed for something that was not checked or that a finding contradicts.
import type { AnalyzerId, Finding, Report } from '@duescan/engine';
import { sortFindings } from './aggregates';
import { placeOf } from './describe';
import { SEVERITY_LABEL } from './labels';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const serious = (f: Finding) => f.severity === 'critical' || f.severity === 'high';

function ran(report: Report, id: AnalyzerId): boolean {
  return report.analyzers.some((a) => a.id === id && a.status === 'ok');
}

/** Open and accepted findings: everything the score counts. */
export function scoredFindings(report: Report): Finding[] {
  return [...report.findings, ...(report.accepted ?? [])];
}

/** A category the engine marked as not assessed (absent flag = assessed, as in reports before the flag existed). */
function assessed(report: Report, category: Finding['category']): boolean {
  return report.score.categories.find((c) => c.category === category)?.assessed !== false;
}

/** Dependency licenses (not the project's own), split into known and unknown. */
export function licenseKnowledge(report: Report): { total: number; unknown: number } {
  const deps = report.licenses.filter((l) => l.name !== '(project)');
  return { total: deps.length, unknown: deps.filter((l) => l.risk === 'unknown').length };
}

const STRONG_COPYLEFT = new Set(['strong-copyleft', 'network-copyleft']);

export function strengthsOf(report: Report): string[] {
  const out: string[] = [];
  const findings = scoredFindings(report);
  const q = report.metrics.quality;
  const h = report.metrics.history;
  if (ran(report, 'sast') && !findings.some((f) => f.category === 'security' && serious(f))) {
    const packs = report.analyzers.find((a) => a.id === 'sast')?.packs?.length ?? 0;
    out.push(`No critical or high issues in the project's own code${packs ? ` across ${plural(packs, 'rule pack')}` : ''}.`);
  }
  // Any secret finding, of any severity and in any context, rules this sentence out.
  if (ran(report, 'secrets') && !findings.some((f) => f.category === 'secrets')) out.push(`No hard-coded credentials found in ${plural(report.project.files, 'file')}.`);
  if (
    ran(report, 'deps') &&
    assessed(report, 'dependencies') &&
    report.advisoryDatabase.date &&
    report.dependencies.length > 0 &&
    report.vulnerableDependencies.length === 0 &&
    !findings.some((f) => f.category === 'dependencies' && f.severity !== 'info')
  ) {
    out.push(`None of the ${plural(report.dependencies.length, 'dependency', 'dependencies')} matches a known advisory.`);
  }
  const lic = licenseKnowledge(report);
  // "No strong copyleft" is only worth saying when most licenses are known; the unknown count is always given.
  if (ran(report, 'licenses') && lic.total > 0 && lic.unknown * 2 < lic.total && !report.licenses.some((l) => STRONG_COPYLEFT.has(l.risk))) {
    const known = lic.total - lic.unknown;
    out.push(`No strong-copyleft (GPL/AGPL) licenses among the ${plural(known, 'dependency', 'dependencies')} with a known license${lic.unknown ? ` (${lic.unknown} unknown)` : ''}.`);
  }
  if (ran(report, 'config') && !findings.some((f) => f.category === 'configuration' && f.severity !== 'info')) out.push('No insecure deployment or framework configuration found.');
  if (q?.presence.tests && q.testToCodeRatio >= 0.2) out.push(`Automated tests are present (test-to-code ratio ${q.testToCodeRatio.toFixed(2)}).`);
  if (q?.presence.ci) out.push('Continuous integration is configured.');
  if (q?.presence.lockfile) out.push('Dependency versions are pinned by lockfiles, so builds are reproducible.');
  if (h && h.commits > 0 && h.busFactor >= 3) out.push(`Knowledge is spread across the team (bus factor ${h.busFactor}).`);
  return out.slice(0, 4);
}

/** Serious findings grouped by title (one weakness across languages is one risk), most serious first. */
function topRuleRisks(findings: Finding[]): string[] {
  const byRule = new Map<string, Finding[]>();
  for (const f of sortFindings(findings)) {
    if (f.category === 'dependencies' || f.category === 'secrets') continue;
    if (!serious(f)) continue;
    byRule.set(f.title, [...(byRule.get(f.title) ?? []), f]);
  }
  return [...byRule.values()]
    .map((g) => ({ first: g[0]!, count: g.length }))
    .sort((a, b) => (a.first.severity === b.first.severity ? b.count - a.count : a.first.severity === 'critical' ? -1 : 1))
    .map(({ first, count }) => `${first.title}: ${plural(count, 'place')} (${SEVERITY_LABEL[first.severity].toLowerCase()}), e.g. ${placeOf(first.location.file, first.location.startLine)}.`);
}

export function risksOf(report: Report): string[] {
  const out: string[] = [];
  const findings = scoredFindings(report);
  const accepted = report.accepted ?? [];
  const secrets = findings.filter((f) => f.category === 'secrets');
  if (secrets.length > 0) {
    const acceptedSecrets = accepted.filter((f) => f.category === 'secrets').length;
    out.push(`${plural(secrets.length, 'credential')} committed to the code${acceptedSecrets ? ` (${acceptedSecrets} accepted by the project owner)` : ''}; each must be rotated, not only deleted.`);
  }
  const acceptedSerious = accepted.filter(serious).length;
  if (acceptedSerious > 0) out.push(`${plural(acceptedSerious, 'critical or high finding')} accepted by the project owner rather than fixed; read their reasons in "Accepted by the project owner".`);
  const rules = topRuleRisks(findings);
  out.push(...rules.slice(0, 3));
  const vulnerable = report.vulnerableDependencies;
  if (vulnerable.length > 0) {
    const seriousVulns = vulnerable.filter((v) => v.severity === 'critical' || v.severity === 'high').length;
    const pkgs = new Set(vulnerable.map((v) => `${v.dependency.name}@${v.dependency.version}`)).size;
    out.push(`${plural(pkgs, 'dependency', 'dependencies')} with ${plural(vulnerable.length, 'known vulnerability', 'known vulnerabilities')}${seriousVulns ? ` (${seriousVulns} critical or high)` : ''}.`);
  }
  const copyleft = report.licenses.filter((l) => STRONG_COPYLEFT.has(l.risk));
  if (copyleft.length > 0) out.push(`${plural(copyleft.length, 'package')} under strong-copyleft licenses (${[...new Set(copyleft.map((l) => l.license))].join(', ')}) may conflict with a proprietary product.`);
  const lic = licenseKnowledge(report);
  if (ran(report, 'licenses') && lic.total > 0 && lic.unknown * 2 >= lic.total) {
    out.push(`The license of ${lic.unknown} of ${plural(lic.total, 'dependency', 'dependencies')} is unknown, so license risk cannot be ruled out.`);
  }
  const h = report.metrics.history;
  if (h && h.commits > 0 && h.busFactor <= 1) out.push('Bus factor 1: most of the code was written by a single person.');
  const q = report.metrics.quality;
  if (q && !q.presence.tests) out.push('No automated tests were found.');
  if (rules.length > 3 && out.length < 5) out.push(...rules.slice(3, 3 + (5 - out.length)));
  return out.slice(0, 5);
}
