/* eslint-disable @typescript-eslint/no-explicit-any -- exported SARIF/CycloneDX JSON is walked loosely in assertions; the schemas check its shape */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scan } from '../scan';
import { toSarif } from './sarif';
import { toCycloneDx } from './cyclonedx';
import { computeScore } from '../score';
import { countFindings } from '../assemble';
import { makeFinding } from '../testing/make-finding';
import { tempProject } from '../testing/temp-project';
import { cycloneDxValidator, reportValidator, sarifValidator } from '../testing/schemas';
import type { Dependency, Report } from '../types';

let project: { root: string; cleanup: () => void };
let report: Report;

const lodash: Dependency = {
  ecosystem: 'npm',
  name: 'lodash',
  version: '4.17.15',
  direct: true,
  source: 'package-lock.json',
  license: 'MIT',
  purl: 'pkg:npm/lodash@4.17.15',
};
const jackson: Dependency = {
  ecosystem: 'Maven',
  name: 'com.fasterxml.jackson.core:jackson-databind',
  version: '2.9.8',
  direct: false,
  source: 'pom.xml',
  license: 'Apache-2.0 OR (MIT AND GPL-2.0-only)',
  dev: true,
  purl: 'pkg:maven/com.fasterxml.jackson.core/jackson-databind@2.9.8',
};

/** A real scan's report with findings and dependencies of every shape added, so exports see rich data. */
beforeAll(async () => {
  project = tempProject({ 'app/main.py': 'import os\nprint(os.environ["X"])\n', 'web/a b.ts': 'export const x = 1;\n' });
  const base = await scan(project.root, { package: 'ultra', threads: 1 });
  const findings = [
    makeFinding({ key: 'sqli', location: { file: 'app/main.py', startLine: 2, endLine: 2, startColumn: 1, endColumn: 20 } }),
    makeFinding({
      key: 'trace',
      ruleId: 'js.xss.dom',
      severity: 'critical',
      location: { file: 'web/a b.ts', startLine: 1, endLine: 1 },
      trace: [
        { kind: 'source', file: 'web/a b.ts', line: 1, label: 'location.hash' },
        { kind: 'sink', file: 'web/a b.ts', line: 1, label: 'el.innerHTML = v' },
      ],
    }),
    makeFinding({ key: 'dep', ruleId: 'deps.GHSA-p6mc-m468-83gw', analyzer: 'deps', category: 'dependencies', cwe: [], properties: { cvssScore: 7.4 } }),
    makeFinding({ key: 'info', ruleId: 'quality.todo', severity: 'info', confidence: 'low', category: 'quality', cwe: [], owasp: [], references: [] }),
  ];
  report = {
    ...base,
    findings,
    dependencies: [lodash, jackson, { ...lodash, source: 'packages/x/package-lock.json', direct: false }],
    vulnerableDependencies: [
      {
        dependency: lodash,
        advisoryId: 'GHSA-p6mc-m468-83gw',
        aliases: ['CVE-2020-8203'],
        summary: 'Prototype pollution in lodash',
        severity: 'high',
        cvssScore: 7.4,
        cvssVector: 'CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:N/I:H/A:H',
        fixedVersion: '4.17.19',
        findingId: findings[2]!.id,
      },
    ],
    licenses: [{ name: 'lodash', version: '4.17.15', license: 'MIT', risk: 'none', source: 'package-lock.json' }],
    score: computeScore(findings),
    counts: countFindings(findings),
  };
});
afterAll(() => project.cleanup());

describe('report JSON', () => {
  it('a real scan and an enriched report both validate against schema/report.schema.json', () => {
    const validate = reportValidator();
    expect(validate(report)).toEqual([]);
    expect(validate({ ...report, tier: 'gold' }).length).toBeGreaterThan(0);
    expect(validate({ ...report, findings: [{ ...report.findings[0], severity: 'urgent' }] }).length).toBeGreaterThan(0);
  });
});

describe('SARIF export', () => {
  it('validates against the official SARIF 2.1.0 schema', () => {
    const validate = sarifValidator();
    const sarif = toSarif(report);
    expect(validate(sarif)).toEqual([]);
    expect(validate({ ...sarif, version: '2.0.0' }).length).toBeGreaterThan(0);
  });

  it('carries CWE tags, security-severity, partial fingerprints, help and repo-relative URIs', () => {
    const run = (toSarif(report) as { runs: Record<string, any>[] }).runs[0]!;
    const rules = run.tool.driver.rules as Record<string, any>[];
    const sqli = rules.find((r) => r.id === 'test.rule')!;
    expect(sqli.properties.tags).toContain('external/cwe/cwe-89');
    expect(sqli.properties['security-severity']).toBe('8.0');
    expect(sqli.help.text).toContain('Use parameterized queries.');
    expect(rules.find((r) => r.id === 'deps.GHSA-p6mc-m468-83gw')!.properties['security-severity']).toBe('7.4');
    expect(rules.find((r) => r.id === 'quality.todo')!.properties['security-severity']).toBeUndefined();
    const results = run.results as Record<string, any>[];
    expect(results[0]!.partialFingerprints['duescan/v1']).toBe(report.findings[0]!.id);
    const uris = results.map((r) => r.locations[0].physicalLocation.artifactLocation.uri);
    expect(uris).toContain('web/a%20b.ts');
    expect(uris.every((u: string) => !u.startsWith('/') && !u.includes(project.root))).toBe(true);
    expect(results[1]!.codeFlows[0].threadFlows[0].locations).toHaveLength(2);
  });
});

describe('accepted findings, no-line findings and not-assessed categories in exports', () => {
  const noLine = makeFinding({ key: 'ci', ruleId: 'quality.no-ci', category: 'quality', severity: 'low', location: { file: '.', startLine: 0, endLine: 0 } });
  const accepted = { ...makeFinding({ key: 'acc', ruleId: 'py.cmdi', cwe: ['CWE-78'] }), acceptance: { mechanism: 'baseline' as const, reason: 'admin-only endpoint' } };
  const inline = { ...makeFinding({ key: 'inl', ruleId: 'py.sqli' }), acceptance: { mechanism: 'inline' as const, reason: 'constant input' } };
  const enriched = (): Report => {
    const categories = report.score.categories.map((c) => (c.category === 'team' ? { ...c, score: null, assessed: false, notAssessedReason: 'no git history' } : { ...c, assessed: true }));
    return { ...report, findings: [...report.findings, noLine], accepted: [accepted, inline], score: { ...report.score, categories } };
  };

  it('report JSON with them validates against the schema', () => {
    expect(reportValidator()(enriched())).toEqual([]);
  });

  it('SARIF: accepted findings are results with suppressions; a no-line finding has no region; categories say assessed', () => {
    const sarif = toSarif(enriched());
    expect(sarifValidator()(sarif)).toEqual([]);
    const run = (sarif as { runs: Record<string, any>[] }).runs[0]!;
    const results = run.results as Record<string, any>[];
    const byFp = (id: string) => results.find((r) => r.partialFingerprints['duescan/v1'] === id)!;
    expect(byFp(accepted.id).suppressions).toEqual([{ kind: 'external', status: 'accepted', justification: 'admin-only endpoint' }]);
    expect(byFp(inline.id).suppressions[0].kind).toBe('inSource');
    expect(byFp(report.findings[0]!.id).suppressions).toBeUndefined();
    expect(byFp(noLine.id).locations[0].physicalLocation.region).toBeUndefined();
    expect(run.properties.categories).toContainEqual({ category: 'team', assessed: false, reason: 'no git history' });
  });
});

describe('CycloneDX export', () => {
  it('validates against the official CycloneDX 1.6 schema', () => {
    const validate = cycloneDxValidator();
    const bom = toCycloneDx(report);
    expect(validate(bom)).toEqual([]);
    expect(validate({ ...bom, bomFormat: 'SPDX' }).length).toBeGreaterThan(0);
  });

  it('lists each package once with purl, scope, license and vulnerabilities with CVSS ratings', () => {
    const bom = toCycloneDx(report) as Record<string, any>;
    expect(bom.components).toHaveLength(2);
    const l = bom.components.find((c: any) => c.name === 'lodash');
    expect(l).toMatchObject({ purl: 'pkg:npm/lodash@4.17.15', scope: 'required', licenses: [{ expression: 'MIT' }] });
    const j = bom.components.find((c: any) => c.name === 'jackson-databind');
    expect(j).toMatchObject({ group: 'com.fasterxml.jackson.core', scope: 'optional' });
    expect(bom.vulnerabilities[0]).toMatchObject({
      id: 'GHSA-p6mc-m468-83gw',
      ratings: [{ score: 7.4, severity: 'high', method: 'CVSSv31' }],
      affects: [{ ref: 'pkg:npm/lodash@4.17.15' }],
    });
    expect(bom.dependencies[0].dependsOn).toEqual(['pkg:npm/lodash@4.17.15']);
  });

  it('includes declared, not resolved dependencies with their requirement, and the report still validates', () => {
    const express: Dependency = {
      ecosystem: 'npm',
      name: 'express',
      version: '^4.17.0',
      direct: true,
      source: 'package.json',
      purl: 'pkg:npm/express',
      declaredOnly: true,
      requirement: '^4.17.0',
    };
    const withDeclared = { ...report, dependencies: [...report.dependencies, express] };
    expect(reportValidator()(withDeclared)).toEqual([]);
    const bom = toCycloneDx(withDeclared) as Record<string, any>;
    expect(cycloneDxValidator()(bom)).toEqual([]);
    const c = bom.components.find((x: any) => x.name === 'express');
    expect(c).toMatchObject({ version: '^4.17.0', purl: 'pkg:npm/express' });
    expect(c.properties).toEqual(
      expect.arrayContaining([
        { name: 'duescan:resolution', value: 'declared, not resolved' },
        { name: 'duescan:requirement', value: '^4.17.0' },
      ]),
    );
    const l = bom.components.find((x: any) => x.name === 'lodash');
    expect(l.properties.some((p: any) => p.name === 'duescan:resolution')).toBe(false);
  });
});

describe('CVSS v4 ratings in exports', () => {
  const V4 = 'CVSS:4.0/AV:N/AC:H/AT:N/PR:N/UI:N/VC:N/VI:H/VA:H/SC:N/SI:N/SA:N';
  const V3 = 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H';
  /** What the deps analyzer emits for an advisory with both vectors: v4 (8.3, high) leads, v3 (9.8) kept beside it. */
  const withV4 = (): Report => {
    const finding = makeFinding({
      key: 'dep-v4',
      ruleId: 'deps/vulnerable-dependency',
      analyzer: 'deps',
      category: 'dependencies',
      severity: 'high',
      cwe: [],
      properties: { cvssScore: 8.3, cvssVector: V4, cvssV3Score: 9.8, cvssV3Vector: V3 },
    });
    const vuln = { dependency: lodash, advisoryId: 'GHSA-test-both-v3v4', aliases: [], summary: 'Both vectors', severity: 'high' as const, cvssScore: 8.3, cvssVector: V4, findingId: finding.id };
    return { ...report, findings: [...report.findings, finding], vulnerableDependencies: [...report.vulnerableDependencies, vuln] };
  };

  it('CycloneDX: the v4 rating (method CVSSv4) first, then the v3.1 rating, and the BOM still validates', () => {
    const bom = toCycloneDx(withV4()) as Record<string, any>;
    expect(cycloneDxValidator()(bom)).toEqual([]);
    const vuln = bom.vulnerabilities.find((v: any) => v.id === 'GHSA-test-both-v3v4');
    expect(vuln.ratings).toEqual([
      { score: 8.3, severity: 'high', method: 'CVSSv4', vector: V4 },
      { score: 9.8, severity: 'critical', method: 'CVSSv31', vector: V3 },
    ]);
  });

  it('CycloneDX: a v3.0 vector is rated with method CVSSv3', () => {
    const v30 = 'CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:L/A:N';
    const r = { ...report, vulnerableDependencies: [{ ...report.vulnerableDependencies[0]!, cvssScore: 6.5, severity: 'medium' as const, cvssVector: v30 }] };
    expect((toCycloneDx(r) as Record<string, any>).vulnerabilities[0].ratings).toEqual([{ score: 6.5, severity: 'medium', method: 'CVSSv3', vector: v30 }]);
  });

  it('SARIF: security-severity is the leading (v4) score and the report still validates', () => {
    const r = withV4();
    expect(reportValidator()(r)).toEqual([]);
    const run = (toSarif(r) as { runs: Record<string, any>[] }).runs[0]!;
    const result = run.results.find((x: any) => x.ruleId === 'deps/vulnerable-dependency');
    expect(result.properties['security-severity']).toBe('8.3');
  });
});
