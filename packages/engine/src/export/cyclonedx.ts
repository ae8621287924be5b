// CycloneDX 1.6 SBOM (JSON): the project as the root component, every resolved dependency as a library with its
// purl, scope and license, the dependency graph's first level, and known vulnerabilities with CVSS ratings.
import { createHash } from 'node:crypto';
import parseSpdx from 'spdx-expression-parse';
import { severityFromScore } from '../advisories/cvss/severity';
import type { Dependency, Finding, Report, VulnerableDependency } from '../types';

type Json = Record<string, unknown>;

export const CYCLONEDX_SPEC_VERSION = '1.6';

/** Deterministic serial number (UUID v4 layout) from the report, so the same scan exports the same SBOM. */
function serialNumber(report: Report): string {
  const h = createHash('sha256').update(`${report.project.name}\0${report.generatedAt}\0${report.project.commit ?? ''}`).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `urn:uuid:${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

function licenses(license: string | undefined): Json[] | undefined {
  if (!license) return undefined;
  try {
    parseSpdx(license);
    return [{ expression: license }];
  } catch {
    return [{ license: { name: license } }];
  }
}

function component(d: Dependency): Json {
  const [group, name] = d.ecosystem === 'Maven' && d.name.includes(':') ? d.name.split(':', 2) : [undefined, d.name];
  const lic = licenses(d.license);
  return {
    type: 'library',
    'bom-ref': d.purl,
    ...(group ? { group } : {}),
    name,
    version: d.version,
    purl: d.purl,
    scope: d.dev ? 'optional' : 'required',
    ...(lic ? { licenses: lic } : {}),
    properties: [
      { name: 'duescan:direct', value: String(d.direct) },
      { name: 'duescan:source', value: d.source },
      { name: 'duescan:ecosystem', value: d.ecosystem },
      // No lockfile resolves it: the version is what the manifest declares, not what is installed.
      ...(d.declaredOnly ? [{ name: 'duescan:resolution', value: 'declared, not resolved' }] : []),
      ...(d.requirement ? [{ name: 'duescan:requirement', value: d.requirement }] : []),
    ],
  };
}

const RATING_SEVERITY = { critical: 'critical', high: 'high', medium: 'medium', low: 'low', info: 'info' } as const;

/** CycloneDX score method for a CVSS vector's version. */
function ratingMethod(vector: string): string {
  if (vector.startsWith('CVSS:4.')) return 'CVSSv4';
  return vector.startsWith('CVSS:3.0/') ? 'CVSSv3' : 'CVSSv31';
}

/** The advisory's leading rating (v4.0 when scored, else v3.x), then the v3.x score the deps finding keeps beside a v4 one. */
function ratings(v: VulnerableDependency, finding: Finding | undefined): Json[] {
  const out: Json[] = [
    {
      ...(v.cvssScore !== undefined ? { score: v.cvssScore } : {}),
      severity: RATING_SEVERITY[v.severity],
      ...(v.cvssVector ? { method: ratingMethod(v.cvssVector), vector: v.cvssVector } : {}),
    },
  ];
  const v3Score = finding?.properties?.cvssV3Score;
  const v3Vector = finding?.properties?.cvssV3Vector;
  if (typeof v3Score === 'number' && typeof v3Vector === 'string') {
    out.push({ score: v3Score, severity: RATING_SEVERITY[severityFromScore(v3Score)], method: ratingMethod(v3Vector), vector: v3Vector });
  }
  return out;
}

export function toCycloneDx(report: Report): Json {
  const byPurl = new Map<string, Dependency>();
  for (const d of report.dependencies) {
    const prev = byPurl.get(d.purl);
    // A package seen in several lockfiles is one component; it is direct or a runtime dependency if any says so.
    byPurl.set(d.purl, prev ? { ...prev, direct: prev.direct || d.direct, dev: prev.dev && d.dev } : d);
  }
  const components = [...byPurl.values()].sort((a, b) => a.purl.localeCompare(b.purl)).map(component);
  const projectRef = 'duescan:project';
  const findingsById = new Map(report.findings.map((f) => [f.id, f]));
  const vulnerabilities = report.vulnerableDependencies.map((v) => ({
    'bom-ref': `duescan:vuln:${v.findingId}:${v.advisoryId}`,
    id: v.advisoryId,
    source: { name: v.advisoryId.startsWith('GHSA-') ? 'GitHub Advisories' : 'OSV' },
    ...(v.aliases.length ? { references: v.aliases.map((id) => ({ id, source: { name: 'alias' } })) } : {}),
    ratings: ratings(v, findingsById.get(v.findingId)),
    description: v.summary,
    ...(v.fixedVersion ? { recommendation: `Upgrade ${v.dependency.name} to ${v.fixedVersion} or later.` } : {}),
    affects: [{ ref: v.dependency.purl }],
  }));
  return {
    bomFormat: 'CycloneDX',
    specVersion: CYCLONEDX_SPEC_VERSION,
    serialNumber: serialNumber(report),
    version: 1,
    metadata: {
      timestamp: report.generatedAt,
      tools: { components: [{ type: 'application', name: 'DueScan', version: report.tool.version }] },
      component: {
        type: 'application',
        'bom-ref': projectRef,
        name: report.project.name,
        ...(report.project.commit ? { version: report.project.commit.slice(0, 12) } : {}),
      },
    },
    components,
    dependencies: [
      { ref: projectRef, dependsOn: [...byPurl.values()].filter((d) => d.direct).map((d) => d.purl).sort() },
    ],
    ...(vulnerabilities.length ? { vulnerabilities } : {}),
  };
}
