// Dependencies without lockfiles: the inventory from manifests, exact pins matched exactly, ranges matched as
// "may resolve to a vulnerable version" (never above medium), whether production code imports each vulnerable
// package, and the severity that follows.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importAdvisories } from '../../advisories/import-advisories';
import { makeTestContext } from '../../testing/make-context';
import { tempProject } from '../../testing/temp-project';
import type { AnalyzerResult, Finding } from '../../types';
import { declaredFromPackageJson, declaredFromPipfile, declaredFromPyproject, declaredFromSetupCfg, poetryToPep440 } from './declared';
import { buildImportIndex } from './imports';
import { depsAnalyzer } from './index';
import { floorOf, matchRange } from './range-match';

const OSV = join(import.meta.dirname, '../../advisories/fixtures/osv');
const work = mkdtempSync(join(tmpdir(), 'duescan-declared-test-'));
const dbDir = join(work, 'db');
afterAll(() => rmSync(work, { recursive: true, force: true }));

const specs = (entries: { name: string; version: string; requirement?: string; dev?: boolean }[]) =>
  entries.map((e) => `${e.name} ${e.version}${e.requirement ? ' (range)' : ''}${e.dev ? ' dev' : ''}`);

describe('manifest readers', () => {
  it('package.json: exact pins, ranges, dev dependencies; no git, file or workspace links', () => {
    const pkg = {
      dependencies: { lodash: '4.17.15', express: '^4.17.0', local: 'file:../x', gh: 'github:a/b', any: '*' },
      devDependencies: { vitest: '~1.2.0', ws: 'workspace:*' },
    };
    expect(specs(declaredFromPackageJson(JSON.stringify(pkg)).entries)).toEqual([
      'lodash 4.17.15',
      'express ^4.17.0 (range)',
      'any * (range)',
      'vitest ~1.2.0 (range) dev',
    ]);
  });

  it('pyproject.toml: PEP 621 lists and Poetry tables (caret ranges become PEP 440)', () => {
    const toml = [
      '[project]',
      'dependencies = ["requests>=2.0,<3", "Django==2.1.10", "rich"]',
      '[project.optional-dependencies]',
      'yaml = ["PyYAML (>=5.1)"]',
      'test = ["paramiko<2.9"]',
      '[tool.poetry.dependencies]',
      'python = "^3.11"',
      'flask = "^2.0.1"',
      'httpx = { version = "0.27.0" }',
      '[tool.poetry.group.dev.dependencies]',
      'pytest = "^8"',
    ].join('\n');
    const entries = declaredFromPyproject(toml).entries;
    expect(specs(entries)).toEqual([
      'requests >=2.0,<3 (range)',
      'Django 2.1.10',
      'rich * (range)',
      'PyYAML >=5.1 (range)',
      'paramiko <2.9 (range) dev',
      'flask ^2.0.1 (range)',
      'httpx 0.27.0',
      'pytest ^8 (range) dev',
    ]);
    expect(entries.find((e) => e.name === 'flask')?.requirement).toBe('>=2.0.1,<3.0.0');
    expect(poetryToPep440('~1.2')).toBe('>=1.2.0,<1.3.0');
    expect(poetryToPep440('^0.2.3')).toBe('>=0.2.3,<0.3.0');
  });

  it('Pipfile and setup.cfg install_requires', () => {
    const pipfile = '[packages]\nrequests = "==2.30.0"\nflask = "*"\n[dev-packages]\npytest = ">=8"\n';
    expect(specs(declaredFromPipfile(pipfile).entries)).toEqual(['requests 2.30.0', 'flask * (range)', 'pytest >=8 (range) dev']);
    const cfg = '[metadata]\nname = x\n[options]\npackages = find:\ninstall_requires =\n    requests>=2.0\n    Django==2.1.10\npython_requires = >=3.8\n';
    expect(specs(declaredFromSetupCfg(cfg).entries)).toEqual(['requests >=2.0 (range)', 'Django 2.1.10']);
  });
});

describe('range matching', () => {
  const advisory = (events: { introduced?: string; fixed?: string }[]) => ({
    id: 'T-1',
    aliases: [],
    summary: '',
    modified: '',
    ranges: [{ type: 'ECOSYSTEM' as const, events }],
    versions: [],
    cwe: [],
    references: [],
  });
  it('finds the lowest allowed version and whether a fix is allowed too', () => {
    expect(floorOf('npm', '^4.17.0')).toBe('4.17.0');
    expect(floorOf('PyPI', '>=2.0,<3')).toBe('2.0');
    expect(floorOf('PyPI', '<3')).toBeNull();
    const lodash = advisory([{ introduced: '3.7.0' }, { fixed: '4.17.19' }]);
    expect(matchRange('npm', '^4.17.0', lodash)).toEqual({ mayResolveToVulnerable: true, fixAllowed: true });
    expect(matchRange('npm', '~4.16.0', lodash)).toEqual({ mayResolveToVulnerable: true, fixAllowed: false });
    expect(matchRange('npm', '^4.17.19', lodash).mayResolveToVulnerable).toBe(false);
    // No lower bound: the version where the affected range opens is the candidate.
    expect(matchRange('PyPI', '<2.5', advisory([{ introduced: '2.3.0' }, { fixed: '2.31.0' }])).mayResolveToVulnerable).toBe(true);
    // a fix first published as a pre-release (0.24.dev0): the releases after it are what a range admits
    expect(matchRange('PyPI', '<1.5.3', advisory([{ introduced: '0' }, { fixed: '0.24.dev0' }])).fixAllowed).toBe(true);
    expect(matchRange('PyPI', '<0.24', advisory([{ introduced: '0' }, { fixed: '0.24.dev0' }])).fixAllowed).toBe(false);
    expect(matchRange('npm', '^2.0.0', advisory([{ introduced: '0' }, { fixed: '2.1.0-rc.1' }])).fixAllowed).toBe(true);
  });
});

describe('imports of production code', () => {
  it('reads JS/TS, Python and Java imports, with PyPI names that differ from module names', () => {
    const file = (path: string, language: string, text: string) => ({ path, absPath: path, language, size: 1, isTest: false, text: () => text });
    const index = buildImportIndex([
      file('a.ts', 'typescript', "import x from 'lodash/fp';\nconst y = require('@scope/pkg/sub');\nimport('./local');"),
      file('b.py', 'python', 'import yaml, os\nfrom rest_framework.views import APIView\n'),
      file('C.java', 'java', 'import org.apache.logging.log4j.Logger;\n'),
    ]);
    expect(index.imports('npm', 'lodash')).toBe(true);
    expect(index.imports('npm', '@scope/pkg')).toBe(true);
    expect(index.imports('npm', 'lodash-es')).toBe(false);
    expect(index.imports('PyPI', 'PyYAML')).toBe(true);
    expect(index.imports('PyPI', 'djangorestframework')).toBe(true);
    expect(index.imports('PyPI', 'requests')).toBe(false);
    expect(index.imports('Maven', 'org.apache.logging.log4j:log4j-core')).toBe(true);
  });

  it('knows Django apps by their module names, prefix-less names and the dotted strings of settings', () => {
    const file = (path: string, text: string) => ({ path, absPath: path, language: 'python', size: 1, isTest: false, text: () => text });
    const index = buildImportIndex([
      file('app/api.py', 'from django_filters import rest_framework as filters\nimport taggit.managers\n'),
      file('app/settings.py', "INSTALLED_APPS = ['corsheaders', 'storages']\nMIDDLEWARE = ['corsheaders.middleware.CorsMiddleware']\n"),
      file('app/views.py', "LABEL = 'requests'\n"),
    ]);
    expect(index.imports('PyPI', 'django-filter')).toBe(true);
    expect(index.imports('PyPI', 'django-taggit')).toBe(true);
    expect(index.imports('PyPI', 'django-cors-headers')).toBe(true);
    expect(index.imports('PyPI', 'django-storages')).toBe(true);
    // a string outside settings is no reference to a package
    expect(index.imports('PyPI', 'requests')).toBe(false);
    expect(index.imports('PyPI', 'django-mptt')).toBe(false);
  });
});

describe('deps analyzer on a project without lockfiles', () => {
  let result: AnalyzerResult;
  let cleanup: () => void;
  const pkg = {
    dependencies: { lodash: '4.17.15', 'lodash-es': '^4.17.0', express: '^4.17.0' },
    devDependencies: { 'tiny-regex': '1.2.0' },
  };
  beforeAll(async () => {
    await importAdvisories({ from: OSV, to: dbDir });
    const project = tempProject({
      'package.json': JSON.stringify(pkg),
      'src/index.js': "const _ = require('lodash');\nmodule.exports = _.identity;\n",
      'test/index.test.js': "require('lodash-es');\n",
      'api/requirements.txt': 'requests>=2.0\nDjango==2.1.10\n',
      'api/app.py': 'import django\n',
      'tools/package.json': JSON.stringify({ devDependencies: { lodash: '4.17.15' } }),
      'worker/package.json': JSON.stringify({ dependencies: { 'lodash-es': '4.17.15' } }),
      // Resolved by its lockfile: read from the lockfile, never as declared.
      'locked/package.json': JSON.stringify({ dependencies: { lodash: '^4.17.0' } }),
      'locked/package-lock.json': JSON.stringify({ lockfileVersion: 3, packages: { '': {}, 'node_modules/lodash': { version: '4.17.21' } } }),
    });
    cleanup = project.cleanup;
    result = await depsAnalyzer.run(makeTestContext(project.root, 'pro', { advisoryDb: dbDir }));
  });
  afterAll(() => cleanup());

  const finding = (name: string, source = ''): Finding | undefined =>
    result.findings.find((f) => f.properties?.package === name && f.location.file.startsWith(source));

  it('lists declared, not resolved dependencies in the inventory', () => {
    const declared = result.dependencies!.filter((d) => d.declaredOnly).map((d) => `${d.source} ${d.name} ${d.version}`);
    expect(declared).toEqual([
      'api/requirements.txt requests >=2.0',
      'package.json lodash 4.17.15',
      'package.json lodash-es ^4.17.0',
      'package.json express ^4.17.0',
      'package.json tiny-regex 1.2.0',
      'tools/package.json lodash 4.17.15',
      'worker/package.json lodash-es 4.17.15',
    ]);
    expect(result.dependencies!.find((d) => d.source === 'locked/package-lock.json')).toMatchObject({ version: '4.17.21' });
    expect(result.dependencies!.some((d) => d.source === 'locked/package.json')).toBe(false);
    expect(result.note).toContain('3 manifest(s) without a lockfile were read as declared, not resolved dependencies (package.json, tools/package.json, worker/package.json)');
  });

  it('matches an exact pin exactly, at the advisory severity when production code imports it', () => {
    expect(finding('lodash', 'package.json')).toMatchObject({
      severity: 'high',
      confidence: 'medium',
      properties: { importedInProduction: true, resolution: 'declared, not resolved' },
    });
    expect(finding('Django')).toMatchObject({ severity: 'critical', properties: { importedInProduction: true } });
  });

  it('reports a range as "may resolve to a vulnerable version" at low confidence and at most medium', () => {
    const lodashEs = finding('lodash-es', 'package.json');
    expect(lodashEs).toMatchObject({
      severity: 'low',
      confidence: 'low',
      properties: { requirement: '^4.17.0', match: 'may resolve to a vulnerable version', importedInProduction: false },
    });
    expect(lodashEs?.message).toContain('may resolve to a vulnerable version');
    expect(finding('requests')).toMatchObject({ severity: 'low', confidence: 'low', properties: { importedInProduction: false } });
    expect(finding('express')).toBeUndefined();
  });

  it('caps a dev dependency at low and a direct one nothing in production imports at medium, and says why', () => {
    // The same high advisory as the imported lodash above.
    expect(finding('lodash', 'tools/')).toMatchObject({ severity: 'low', properties: { dev: true } });
    expect(finding('lodash', 'tools/')?.message).toContain('development dependency');
    // Only a test file imports lodash-es: that does not count.
    expect(finding('lodash-es', 'worker/')).toMatchObject({ severity: 'medium', properties: { importedInProduction: false } });
    expect(finding('lodash-es', 'worker/')?.message).toContain('No production source file imports it.');
  });
});
