// Licenses analyzer: the project's license and every dependency's license with a risk class for a commercial
// startup. Independent of the deps analyzer: it reads only the license-bearing metadata it needs.
import type { Analyzer, Finding, LicenseEntry } from '../../types';
import { type DependencyLicense, projectLicenseFinding, riskyDependencyFinding, unknownLicenseFindings } from './findings';
import { classifyLicense } from './license-risk';
import { npmLicenses, type DeclaredLicense } from './npm-licenses';
import { projectLicenses } from './project-license';
import { pythonLicenses } from './python-licenses';

/** One entry per package version and license; the same package in several places is listed once. */
function classify(declared: DeclaredLicense[]): DependencyLicense[] {
  const seen = new Map<string, DependencyLicense>();
  for (const d of declared) {
    const { license, risk } = classifyLicense(d.declared);
    const key = `${d.name}@${d.version ?? ''}:${license}`;
    const existing = seen.get(key);
    // A package that is a runtime dependency anywhere counts as runtime.
    if (existing) existing.dev &&= d.dev;
    else seen.set(key, { name: d.name, version: d.version, license, risk, source: d.source, dev: d.dev, hasMetadata: d.hasMetadata });
  }
  return [...seen.values()];
}

export const licensesAnalyzer: Analyzer = {
  id: 'licenses',
  async run(ctx) {
    const project = projectLicenses(ctx);
    const deps = classify([...npmLicenses(ctx), ...pythonLicenses(ctx)]);
    const findings: Finding[] = [];
    for (const entry of project) {
      const f = projectLicenseFinding(entry);
      if (f) findings.push(f);
    }
    const projectRisks = project.map((p) => p.risk);
    for (const dep of deps) {
      const f = riskyDependencyFinding(ctx, dep, projectRisks);
      if (f) findings.push(f);
    }
    findings.push(...unknownLicenseFindings(deps));
    const licenses: LicenseEntry[] = [
      ...project,
      ...deps.map(({ name, version, license, risk, source }) => ({ name, version, license, risk, source })),
    ];
    const note = deps.length === 0 ? 'No npm or Python dependency metadata found.' : undefined;
    return note ? { findings, licenses, note } : { findings, licenses };
  },
};
