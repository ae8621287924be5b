import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importAdvisories } from '../../advisories/import-advisories';
import { makeTestContext } from '../../testing/make-context';
import type { AnalyzerResult } from '../../types';
import { depsAnalyzer, NO_ADVISORY_DB_NOTE } from './index';
import { isDevRequirements, staleLockfile } from './collect-dependencies';
import { advisoryApis, matchAdvisories } from './match-advisories';
import type { AdvisoryDb, CompactAdvisory } from '../../advisories/types';
import type { Dependency } from '../../types';

const PROJECT = join(import.meta.dirname, 'fixtures', 'project');
const OSV = join(import.meta.dirname, '../../advisories/fixtures/osv');
const work = mkdtempSync(join(tmpdir(), 'duescan-deps-test-'));
const dbDir = join(work, 'db');
let result: AnalyzerResult;
let skipped: { file: string; reason: string }[];

beforeAll(async () => {
  await importAdvisories({ from: OSV, to: dbDir });
  const ctx = makeTestContext(PROJECT, 'pro', { advisoryDb: dbDir });
  result = await depsAnalyzer.run(ctx);
  skipped = ctx.skipped;
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const vuln = (source: string, name: string) =>
  result.vulnerableDependencies!.filter((v) => v.dependency.source === source && v.dependency.name === name);

describe('deps analyzer with an advisory database', () => {
  it('finds lodash 4.17.15 in a package-lock with its advisory id, CVE, score and fixed version', () => {
    const [lodash] = vuln('web/package-lock.json', 'lodash');
    expect(lodash).toMatchObject({ advisoryId: 'GHSA-p6mc-m468-83gw', fixedVersion: '4.17.19', cvssScore: 7.4, severity: 'high' });
    expect(lodash?.aliases).toContain('CVE-2020-8203');
    expect(lodash?.dependency).toMatchObject({ direct: true, version: '4.17.15', purl: 'pkg:npm/lodash@4.17.15' });
    const finding = result.findings.find((f) => f.id === lodash?.findingId);
    expect(finding).toMatchObject({
      category: 'dependencies',
      analyzer: 'deps',
      cwe: ['CWE-1321', 'CWE-770'],
      fix: { fixedVersion: '4.17.19' },
      location: { file: 'web/package-lock.json', startLine: 13 },
    });
  });

  it('does not report lodash 4.17.21 (legacy v1 lockfile) or lodash-es 4.17.21', () => {
    expect(vuln('legacy/package-lock.json', 'lodash')).toEqual([]);
    expect(vuln('web/package-lock.json', 'lodash-es')).toEqual([]);
    // ...but the v1 lockfile's nested lodash-es 4.17.15 is, as a transitive dependency.
    expect(vuln('legacy/package-lock.json', 'lodash-es')[0]?.dependency.direct).toBe(false);
  });

  it('reads yarn berry and matches through ranges', () => {
    expect(vuln('yarn-app/yarn.lock', 'lodash')[0]?.fixedVersion).toBe('4.17.19');
    const util = result.dependencies!.find((d) => d.source === 'yarn-app/yarn.lock' && d.name === '@scope/util');
    expect(util).toMatchObject({ version: '2.0.1', direct: true, purl: 'pkg:npm/%40scope/util@2.0.1' });
  });

  it('marks dev dependencies and last_affected matches', () => {
    const [tiny] = vuln('web/package-lock.json', 'tiny-regex');
    expect(tiny?.dependency).toMatchObject({ dev: true, direct: true });
    expect(tiny?.fixedVersion).toBeUndefined();
  });

  it('matches poetry and requirements with PEP 440 names and ranges', () => {
    expect(vuln('api/poetry.lock', 'django')[0]).toMatchObject({ fixedVersion: '2.2.4', severity: 'critical' });
    expect(vuln('api/poetry.lock', 'requests')).toEqual([]); // 2.31.0 is the fixed version
    expect(vuln('api/requirements-dev.txt', 'requests')[0]).toMatchObject({ fixedVersion: '2.31.0', dependency: { dev: true, direct: true } });
    expect(vuln('api/requirements-dev.txt', 'Django')[0]?.fixedVersion).toBe('2.1.11');
    const pytest = result.dependencies!.find((d) => d.name === 'pytest');
    expect(pytest).toMatchObject({ direct: true, dev: true });
    // A range in a requirements file is declared, not resolved: listed, and matched by range.
    expect(result.dependencies!.find((d) => d.name === 'flask')).toMatchObject({ version: '>=2.0', requirement: '>=2.0', declaredOnly: true, purl: 'pkg:pypi/flask' });
  });

  it('resolves Maven properties and finds log4j-core', () => {
    const [log4j] = vuln('service/pom.xml', 'org.apache.logging.log4j:log4j-core');
    expect(log4j).toMatchObject({ fixedVersion: '2.15.0', cvssScore: 10, severity: 'critical' });
    const finding = result.findings.find((f) => f.id === log4j?.findingId);
    expect(finding?.location.startLine).toBe(22);
    expect(log4j?.dependency.purl).toBe('pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1');
    // No lockfile in Maven: declared, not resolved, but an exact version, so the purl keeps it.
    expect(log4j?.dependency.declaredOnly).toBe(true);
    expect(finding?.properties?.resolution).toBe('declared, not resolved');
    const junit = result.dependencies!.find((d) => d.name === 'junit:junit');
    expect(junit).toMatchObject({ version: '4.13.2', dev: true });
  });

  it('records a broken lockfile as skipped and carries on', () => {
    expect(skipped).toEqual([expect.objectContaining({ file: 'broken/package-lock.json', reason: 'broken-lockfile' })]);
    expect(result.advisoryDatabase).toMatchObject({ date: '2024-09-01T00:00:00.000Z', records: 6 });
  });

  it('gives every finding a distinct stable id', async () => {
    const again = await depsAnalyzer.run(makeTestContext(PROJECT, 'pro', { advisoryDb: dbDir }));
    expect(again.findings.map((f) => f.id)).toEqual(result.findings.map((f) => f.id));
    expect(new Set(result.findings.map((f) => f.id)).size).toBe(result.findings.length);
  });
});

describe('deps analyzer without an advisory database', () => {
  it('lists dependencies but says nothing was checked', async () => {
    const res = await depsAnalyzer.run(makeTestContext(PROJECT, 'pro', { advisoryDb: join(work, 'missing') }));
    expect(res.advisoryDatabase).toEqual({ date: null, records: 0 });
    expect(res.note).toContain(NO_ADVISORY_DB_NOTE);
    expect(res.findings).toEqual([]);
    expect(res.vulnerableDependencies).toBeUndefined();
    expect(res.dependencies!.length).toBeGreaterThan(10);
  });
});

describe('deps analyzer with CVSS v4 advisories', () => {
  // Each OSV record's database label disagrees with its vectors, so the tests tell which source set the severity.
  const CVSS4 = join(import.meta.dirname, 'fixtures', 'cvss4');
  let v4: AnalyzerResult;
  beforeAll(async () => {
    const db = join(work, 'db-cvss4');
    await importAdvisories({ from: join(CVSS4, 'osv'), to: db });
    v4 = await depsAnalyzer.run(makeTestContext(join(CVSS4, 'project'), 'pro', { advisoryDb: db }));
  });
  const byName = (name: string) => {
    const vulns = v4.vulnerableDependencies!.filter((v) => v.dependency.name === name);
    expect(vulns).toHaveLength(1);
    return { vuln: vulns[0]!, finding: v4.findings.find((f) => f.id === vulns[0]!.findingId)! };
  };

  it('scores an advisory that only has a CVSS_V4 vector (9.3, critical; the label says MODERATE)', () => {
    const { vuln, finding } = byName('v4-only');
    const vector = 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N';
    expect(vuln).toMatchObject({ advisoryId: 'GHSA-test-v4on-ly00', severity: 'critical', cvssScore: 9.3, cvssVector: vector, fixedVersion: '1.2.0' });
    expect(finding).toMatchObject({ severity: 'critical', properties: { cvssScore: 9.3, cvssVector: vector } });
    expect(finding.properties).not.toHaveProperty('cvssV3Score');
  });

  it('lets the v4 score set the severity when both are published and keeps the v3 score on the finding', () => {
    const { vuln, finding } = byName('both-vectors');
    expect(vuln).toMatchObject({ severity: 'high', cvssScore: 8.3, cvssVector: expect.stringMatching(/^CVSS:4\.0\//) });
    expect(finding).toMatchObject({
      severity: 'high',
      properties: { cvssScore: 8.3, cvssV3Score: 9.8, cvssV3Vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' },
    });
  });

  it('falls back to the v3 score, then the label, when the v4 vector is invalid', () => {
    expect(byName('bad-v4-good-v3').vuln).toMatchObject({ severity: 'medium', cvssScore: 5.5, cvssVector: 'CVSS:3.1/AV:L/AC:L/PR:L/UI:N/S:U/C:H/I:N/A:N' });
    const { vuln, finding } = byName('bad-v4-label');
    expect(vuln.severity).toBe('low');
    expect(vuln).not.toHaveProperty('cvssScore');
    expect(vuln).not.toHaveProperty('cvssVector');
    expect(finding.severity).toBe('low');
  });
});

describe('requirements files of tooling', () => {
  it('development, test, lint, CI and documentation requirements are not shipped; the application requirements are', () => {
    for (const p of ['requirements-dev.txt', 'requirements/local.txt', 'requirements/test.txt', 'requirements-doc.txt', 'requirements_docs.txt', 'docs/requirements.txt', 'doc/requirements-rtd.txt']) expect(isDevRequirements(p), p).toBe(true);
    for (const p of ['requirements.txt', 'api/requirements.txt', 'requirements/base.txt', 'requirements/production.txt']) expect(isDevRequirements(p), p).toBe(false);
  });
});

describe('a lockfile of a tool the project no longer uses', () => {
  const folder = (files: Record<string, string>) => ({ exists: (p: string) => p in files, read: (p: string) => files[p] ?? null });
  const uvProject = '[project]\nname = "app"\n\n[tool.uv]\ndev-dependencies = []\n\n[build-system]\nbuild-backend = "hatchling.build"\n';
  const poetryProject = '[tool.poetry]\nname = "app"\n\n[build-system]\nbuild-backend = "poetry.core.masonry.api"\n';

  it('a poetry.lock left beside the uv.lock of a uv project is stale; the uv.lock is not', () => {
    const f = folder({ 'api/pyproject.toml': uvProject, 'api/poetry.lock': '', 'api/uv.lock': '' });
    expect(staleLockfile('api/poetry.lock', f.exists, f.read)).toMatch(/uv\.lock/);
    expect(staleLockfile('api/uv.lock', f.exists, f.read)).toBeNull();
  });

  it('a uv.lock beside the poetry.lock of a Poetry project (with a [project] table) is stale', () => {
    const f = folder({ 'pyproject.toml': `[project]\nname = "app"\n${poetryProject}`, 'poetry.lock': '', 'uv.lock': '' });
    expect(staleLockfile('uv.lock', f.exists, f.read)).toMatch(/poetry\.lock/);
    expect(staleLockfile('poetry.lock', f.exists, f.read)).toBeNull();
  });

  it('a lockfile alone, or without a pyproject.toml saying otherwise, is read', () => {
    expect(staleLockfile('poetry.lock', folder({ 'pyproject.toml': uvProject, 'poetry.lock': '' }).exists, folder({ 'pyproject.toml': uvProject }).read)).toBeNull();
    const noPyproject = folder({ 'poetry.lock': '', 'uv.lock': '' });
    expect(staleLockfile('poetry.lock', noPyproject.exists, noPyproject.read)).toBeNull();
    expect(staleLockfile('package-lock.json', noPyproject.exists, noPyproject.read)).toBeNull();
  });
});

describe('an advisory about one function of a package', () => {
  const advisory = (summary: string): CompactAdvisory => ({
    id: 'PYSEC-2023-254', aliases: [], summary, modified: '2024-01-01T00:00:00Z', ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '41.0.6' }] }], versions: [], cvssV3: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H', cwe: [], references: [],
  });
  const pkcs7 = advisory('Calling `load_pem_pkcs7_certificates` or `load_der_pkcs7_certificates` could lead to a NULL-pointer dereference and segfault.');
  const dep: Dependency = { ecosystem: 'PyPI', name: 'cryptography', version: '41.0.3', direct: true, source: 'uv.lock', dev: false, purl: 'pkg:pypi/cryptography@41.0.3' };
  const db = (a: CompactAdvisory) => ({ lookup: () => [a] }) as unknown as AdvisoryDb;
  const index = (named: string[]) => ({ imports: () => true, names: (id: string) => named.includes(id) });

  it('names the functions a summary says the flaw is in (not the package, a file or a URL)', () => {
    expect(advisoryApis(pkcs7.summary, 'cryptography')).toEqual(['load_pem_pkcs7_certificates', 'load_der_pkcs7_certificates']);
    expect(advisoryApis('A ReDoS in pygments/lexers/smithy.py in flask_cors through 2.15.0 (see https://x.example/a_b).', 'flask-cors')).toEqual([]);
  });

  it('is capped at medium when no project file names any of them, with a note; kept when one does', () => {
    const unnamed = matchAdvisories([dep], db(pkcs7), () => 'cryptography==41.0.3', index([])).findings[0];
    expect(unnamed?.severity).toBe('medium');
    expect(unnamed?.message ?? JSON.stringify(unnamed)).toMatch(/load_pem_pkcs7_certificates/);
    expect(matchAdvisories([dep], db(pkcs7), () => 'cryptography==41.0.3', index(['load_der_pkcs7_certificates'])).findings[0]?.severity).toBe('high');
    expect(matchAdvisories([dep], db(advisory('A flaw in the package.')), () => '', index([])).findings[0]?.severity).toBe('high');
  });
});

describe('a requirement installed only under an environment marker', () => {
  const advisory: CompactAdvisory = {
    id: 'PYSEC-2024-75', aliases: [], summary: 'A flaw in the package.', modified: '2024-01-01T00:00:00Z', ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '24.7.0' }] }], versions: [], cvssV3: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:N', cwe: [], references: [],
  };
  const db = { lookup: () => [advisory] } as unknown as AdvisoryDb;
  const dep = (marker?: string): Dependency => ({ ecosystem: 'PyPI', name: 'twisted', version: '23.8.0', direct: true, source: 'requirements.txt', dev: false, purl: 'pkg:pypi/twisted@23.8.0', ...(marker ? { marker } : {}) });
  const severity = (marker?: string) => matchAdvisories([dep(marker)], db, () => 'Twisted==23.8.0').findings[0]?.severity;

  it('an end-of-life Python is not where the application is deployed: low, with a note', () => {
    expect(severity("python_version < '3.8'")).toBe('low');
    expect(severity('python_version == "2.7"')).toBe('low');
    expect(matchAdvisories([dep("python_version <= '3.6'")], db, () => '').findings[0]?.message).toMatch(/installed only under `python_version <= '3.6'`/);
  });

  it('a marker a current deployment can meet keeps the severity (a desktop app ships its Windows pins)', () => {
    const unconditional = severity();
    expect(unconditional).toBe('critical');
    for (const m of ["python_version >= '3.8'", "python_version < '3.12'", "sys_platform == 'win32'", "python_version < '3.8' or extra == 'web'"]) expect(severity(m), m).toBe(unconditional);
  });

  it('the requirements parser keeps the marker', async () => {
    const { parseRequirements } = await import('./parsers/requirements');
    expect(parseRequirements("Twisted==23.8.0; python_version < '3.8'\nTwisted==25.5.0 ; python_version >= '3.8'\nflask==3.0.0\n").entries).toEqual([
      { ecosystem: 'PyPI', name: 'Twisted', version: '23.8.0', direct: true, marker: "python_version < '3.8'" },
      { ecosystem: 'PyPI', name: 'Twisted', version: '25.5.0', direct: true, marker: "python_version >= '3.8'" },
      { ecosystem: 'PyPI', name: 'flask', version: '3.0.0', direct: true },
    ]);
  });
});

describe('packaging tooling among the requirements', () => {
  const advisory: CompactAdvisory = {
    id: 'PYSEC-2022-43012', aliases: ['CVE-2022-40897'], summary: 'ReDoS in package_index.py', modified: '2024-01-01T00:00:00Z', ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '65.5.1' }] }], versions: [], cvssV3: 'CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:N/I:N/A:H', cwe: [], references: [],
  };
  const db = { lookup: () => [advisory] } as unknown as AdvisoryDb;
  const dep = (name: string): Dependency => ({ ecosystem: 'PyPI', name, version: '44.1.1', direct: true, source: 'requirements.txt', dev: false, purl: `pkg:pypi/${name}@44.1.1` });

  it("setuptools and pip advisories concern installing packages: low, with a note; an application library's stay", () => {
    const tooling = matchAdvisories([dep('setuptools')], db, () => 'setuptools==44.1.1').findings[0];
    expect(tooling?.severity).toBe('low');
    expect(tooling?.message).toMatch(/packaging tooling/);
    expect(matchAdvisories([dep('pip')], db, () => '').findings[0]?.severity).toBe('low');
    expect(matchAdvisories([dep('setuptools-scm-git')], db, () => '').findings[0]?.severity).toBe('medium');
  });
});
