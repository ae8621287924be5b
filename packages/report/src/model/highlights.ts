// Top strengths and top risks for the executive summary, derived only from analyzers that actually ran:
// a strength is never claimed for something that was not checked.
import type { AnalyzerId, Finding, Report } from '@duescan/engine';
import { sortFindings } from './aggregates';
import { SEVERITY_LABEL } from './labels';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function ran(report: Report, id: AnalyzerId): boolean {
  return report.analyzers.some((a) => a.id === id && a.status === 'ok');
}

export function strengthsOf(report: Report): string[] {
  const out: string[] = [];
  const { findings } = report;
  const q = report.metrics.quality;
  const h = report.metrics.history;
  const sastSerious = findings.filter((f) => f.category === 'security' && (f.severity === 'critical' || f.severity === 'high'));
  if (ran(report, 'sast') && sastSerious.length === 0) {
    const packs = report.analyzers.find((a) => a.id === 'sast')?.packs?.length ?? 0;
    out.push(`No critical or high issues in the project's own code${packs ? ` across ${plural(packs, 'rule pack')}` : ''}.`);
  }
  if (ran(report, 'secrets') && !findings.some((f) => f.category === 'secrets')) out.push(`No hard-coded credentials found in ${plural(report.project.files, 'file')}.`);
  if (ran(report, 'deps') && report.advisoryDatabase.date && report.dependencies.length > 0 && report.vulnerableDependencies.length === 0) {
    out.push(`None of the ${plural(report.dependencies.length, 'dependency', 'dependencies')} matches a known advisory.`);
  }
  if (ran(report, 'licenses') && report.licenses.length > 0 && !report.licenses.some((l) => l.risk === 'strong-copyleft' || l.risk === 'network-copyleft')) {
    out.push('No strong-copyleft (GPL/AGPL) licenses among the dependencies.');
  }
  if (ran(report, 'config') && !findings.some((f) => f.category === 'configuration')) out.push('No insecure deployment or framework configuration found.');
  if (q?.presence.tests && q.testToCodeRatio >= 0.2) out.push(`Automated tests are present (test-to-code ratio ${q.testToCodeRatio.toFixed(2)}).`);
  if (q?.presence.ci) out.push('Continuous integration is configured.');
  if (q?.presence.lockfile) out.push('Dependency versions are pinned by lockfiles, so builds are reproducible.');
  if (h && h.busFactor >= 3) out.push(`Knowledge is spread across the team (bus factor ${h.busFactor}).`);
  return out.slice(0, 4);
}

/** Serious findings grouped by title (one weakness across languages is one risk), most serious first. */
function topRuleRisks(findings: Finding[]): string[] {
  const byRule = new Map<string, Finding[]>();
  for (const f of sortFindings(findings)) {
    if (f.category === 'dependencies' || f.category === 'secrets') continue;
    if (f.severity !== 'critical' && f.severity !== 'high') continue;
    byRule.set(f.title, [...(byRule.get(f.title) ?? []), f]);
  }
  return [...byRule.values()]
    .map((g) => ({ first: g[0]!, count: g.length }))
    .sort((a, b) => (a.first.severity === b.first.severity ? b.count - a.count : a.first.severity === 'critical' ? -1 : 1))
    .map(({ first, count }) => `${first.title}: ${plural(count, 'place')} (${SEVERITY_LABEL[first.severity].toLowerCase()}), e.g. ${first.location.file}:${first.location.startLine}.`);
}

export function risksOf(report: Report): string[] {
  const out: string[] = [];
  const secrets = report.findings.filter((f) => f.category === 'secrets');
  if (secrets.length > 0) out.push(`${plural(secrets.length, 'credential')} committed to the code; each must be rotated, not only deleted.`);
  const rules = topRuleRisks(report.findings);
  out.push(...rules.slice(0, 3));
  const vulnerable = report.vulnerableDependencies;
  if (vulnerable.length > 0) {
    const serious = vulnerable.filter((v) => v.severity === 'critical' || v.severity === 'high').length;
    const pkgs = new Set(vulnerable.map((v) => `${v.dependency.name}@${v.dependency.version}`)).size;
    out.push(`${plural(pkgs, 'dependency', 'dependencies')} with ${plural(vulnerable.length, 'known vulnerability', 'known vulnerabilities')}${serious ? ` (${serious} critical or high)` : ''}.`);
  }
  const copyleft = report.licenses.filter((l) => l.risk === 'strong-copyleft' || l.risk === 'network-copyleft');
  if (copyleft.length > 0) out.push(`${plural(copyleft.length, 'package')} under strong-copyleft licenses (${[...new Set(copyleft.map((l) => l.license))].join(', ')}) may conflict with a proprietary product.`);
  const h = report.metrics.history;
  if (h && h.commits > 0 && h.busFactor <= 1) out.push('Bus factor 1: most of the code was written by a single person.');
  const q = report.metrics.quality;
  if (q && !q.presence.tests) out.push('No automated tests were found.');
  if (rules.length > 3 && out.length < 5) out.push(...rules.slice(3, 3 + (5 - out.length)));
  return out.slice(0, 5);
}
