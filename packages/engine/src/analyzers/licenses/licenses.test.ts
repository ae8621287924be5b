import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTestContext } from '../../testing/make-context';
import { licensesAnalyzer } from './index';
import { classifyLicense } from './license-risk';
import { identifyLicenseText } from './license-text';

const tmp = mkdtempSync(join(tmpdir(), 'duescan-licenses-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function project(name: string, files: Record<string, string>): string {
  const root = join(tmp, name);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('license risk classes', () => {
  it.each([
    ['MIT', 'none'],
    ['Apache 2.0', 'none'],
    ['GPL-3.0-only', 'strong-copyleft'],
    ['GNU General Public License v3 (GPLv3)', 'strong-copyleft'],
    ['GPL-2.0-only WITH Classpath-exception-2.0', 'weak-copyleft'],
    ['AGPL-3.0-or-later', 'network-copyleft'],
    ['SSPL-1.0', 'network-copyleft'],
    ['MPL-2.0', 'weak-copyleft'],
    ['CC-BY-NC-4.0', 'non-commercial'],
    ['PolyForm-Noncommercial-1.0.0', 'non-commercial'],
    ['(MIT OR GPL-3.0-or-later)', 'none'],
    ['MIT AND GPL-2.0-only', 'strong-copyleft'],
    // free-text alternatives: the least risky one may be picked; free text with no alternative keeps its keyword
    ['MIT or GPL version 2', 'none'],
    ['GPL version 2 or AGPL', 'strong-copyleft'],
    ['GPL version 2', 'strong-copyleft'],
    ['GPL v3 or later', 'strong-copyleft'],
    ['GPL version 2 or any later version', 'strong-copyleft'],
    ['UNLICENSED', 'unknown'],
    ['SEE LICENSE IN LICENSE.txt', 'unknown'],
    ['', 'unknown'],
  ])('%s -> %s', (declared, risk) => {
    expect(classifyLicense(declared).risk).toBe(risk);
  });

  it('identifies license texts, and a GPL text that mentions the LGPL stays GPL', () => {
    expect(identifyLicenseText('GNU GENERAL PUBLIC LICENSE\n  Version 3, 29 June 2007\n ... use the GNU Lesser General Public License instead')).toBe('GPL-3.0-only');
    expect(identifyLicenseText('GNU AFFERO GENERAL PUBLIC LICENSE\nVersion 3, 19 November 2007')).toBe('AGPL-3.0-only');
    expect(identifyLicenseText('Apache License\nVersion 2.0, January 2004')).toBe('Apache-2.0');
    expect(identifyLicenseText('Redistribution and use in source and binary forms, with or without modification')).toBe('BSD-2-Clause');
    expect(identifyLicenseText('All rights reserved. Proprietary and confidential.')).toBeNull();
  });
});

describe('licenses analyzer', () => {
  it('flags copyleft and non-commercial dependencies from package-lock metadata, not MIT ones', async () => {
    const ctx = makeTestContext(join(import.meta.dirname, 'fixtures', 'npm-app'));
    const result = await licensesAnalyzer.run(ctx);
    const byPackage = new Map(result.findings.map((f) => [f.properties?.package, f]));
    expect(byPackage.get('gpl-lib')).toMatchObject({
      ruleId: 'licenses.strong-copyleft',
      category: 'licenses',
      severity: 'medium',
      location: { file: 'package-lock.json', startLine: 9 },
    });
    expect(byPackage.get('agpl-db')).toMatchObject({ ruleId: 'licenses.network-copyleft', severity: 'high' });
    expect(byPackage.get('nc-charts')).toMatchObject({ ruleId: 'licenses.non-commercial', severity: 'high' });
    // Development-only weak copyleft: one step lower.
    expect(byPackage.get('lgpl-tool')).toMatchObject({ ruleId: 'licenses.weak-copyleft', severity: 'info' });
    // MIT/WTFPL and an OR expression offering MIT are fine.
    expect(byPackage.has('left-pad')).toBe(false);
    expect(byPackage.has('dual-lib')).toBe(false);
    // No license in the lock and not installed: unknown, reported as missing metadata (info), not as a risk.
    const unknown = result.findings.find((f) => f.ruleId === 'licenses.no-metadata');
    expect(unknown).toMatchObject({ severity: 'info', properties: { packages: ['mystery'] } });
    // A declared but custom license is a (low) risk someone has to read.
    expect(result.findings.find((f) => f.ruleId === 'licenses.unknown')).toMatchObject({ severity: 'low', properties: { packages: ['eula-sdk'] } });
    // The nested copy of gpl-lib@2.1.0 is the same package: listed and flagged once.
    expect(result.findings.filter((f) => f.properties?.package === 'gpl-lib')).toHaveLength(1);
    expect(result.licenses).toContainEqual({ name: '(project)', license: 'MIT', risk: 'none', source: 'package.json' });
    expect(result.licenses!.find((l) => l.name === 'gpl-lib')).toMatchObject({ version: '2.1.0', risk: 'strong-copyleft' });
    expect(result.licenses!.some((l) => l.name === 'workspace-link')).toBe(false);
  });

  it("a copyleft dependency of a project under an equal or stronger copyleft license adds no obligation: info, not a risk", async () => {
    const deps = {
      'node_modules/agpl-lib/package.json': JSON.stringify({ name: 'agpl-lib', version: '1.0.0', license: 'AGPL-3.0-only' }),
      'node_modules/gpl-lib/package.json': JSON.stringify({ name: 'gpl-lib', version: '1.0.0', license: 'GPL-3.0-only' }),
      'node_modules/nc-lib/package.json': JSON.stringify({ name: 'nc-lib', version: '1.0.0', license: 'CC-BY-NC-4.0' }),
    };
    const manifest = (license: string) => JSON.stringify({ license, dependencies: { 'agpl-lib': '1', 'gpl-lib': '1', 'nc-lib': '1' } });
    const severities = async (name: string, license: string) => {
      const result = await licensesAnalyzer.run(makeTestContext(project(name, { 'package.json': manifest(license), ...deps })));
      return Object.fromEntries(result.findings.filter((f) => f.properties?.package).map((f) => [f.properties?.package, f.severity]));
    };
    expect(await severities('agpl-project', 'AGPL-3.0-or-later')).toEqual({ 'agpl-lib': 'info', 'gpl-lib': 'info', 'nc-lib': 'high' });
    expect(await severities('gpl-project', 'GPL-3.0-only')).toEqual({ 'agpl-lib': 'high', 'gpl-lib': 'info', 'nc-lib': 'high' });
    expect(await severities('mit-project', 'MIT')).toEqual({ 'agpl-lib': 'high', 'gpl-lib': 'medium', 'nc-lib': 'high' });
  });

  it('reads installed node_modules manifests when there is no npm lockfile', async () => {
    const root = project('installed', {
      'package.json': JSON.stringify({ dependencies: { 'gpl-thing': '1', 'mit-thing': '1', absent: '1' } }),
      'yarn.lock': '# yarn lockfile v1\n',
      'node_modules/gpl-thing/package.json': JSON.stringify({ name: 'gpl-thing', version: '1.0.0', license: 'GPL-2.0-or-later' }),
      'node_modules/mit-thing/package.json': JSON.stringify({ name: 'mit-thing', version: '1.0.0', licenses: [{ type: 'MIT' }] }),
      // Hoisted transitive dependencies, scoped ones included.
      'node_modules/@scope/agpl-inner/package.json': JSON.stringify({ name: '@scope/agpl-inner', version: '2.0.0', license: 'AGPL-3.0-only' }),
      'node_modules/isc-inner/package.json': JSON.stringify({ name: 'isc-inner', version: '1.0.0', license: 'ISC' }),
      'node_modules/.bin/tool': '#!/bin/sh\n',
      // No license field: a shipped LICENSE file is identified by its text; with neither, the license is unknown.
      'node_modules/file-only/package.json': JSON.stringify({ name: 'file-only', version: '0.3.0' }),
      'node_modules/file-only/LICENSE': 'ISC License\n\nPermission to use, copy, modify, and/or distribute this software for any purpose with or without fee is hereby granted, provided that the above copyright notice and this permission notice appear in all copies.\n',
      'node_modules/bare/package.json': JSON.stringify({ name: 'bare', version: '1.0.0' }),
    });
    const result = await licensesAnalyzer.run(makeTestContext(root));
    expect(result.findings.map((f) => [f.ruleId, f.properties?.package ?? f.properties?.packages])).toEqual([
      ['licenses.strong-copyleft', 'gpl-thing'],
      ['licenses.network-copyleft', '@scope/agpl-inner'],
      ['licenses.unknown', ['bare']],
      ['licenses.no-metadata', ['absent']],
    ]);
    expect(result.licenses!.find((l) => l.name === 'file-only')).toMatchObject({ license: 'ISC', risk: 'none' });
    expect(result.licenses!.find((l) => l.name === 'isc-inner')).toMatchObject({ risk: 'none', source: 'package.json' });
    expect(result.licenses!.find((l) => l.name === 'mit-thing')).toMatchObject({ license: 'MIT', risk: 'none', version: '1.0.0' });
  });

  it('reads Python dist-info METADATA in .venv and the project license from pyproject and COPYING', async () => {
    const site = '.venv/lib/python3.12/site-packages';
    const root = project('python', {
      'pyproject.toml': '[project]\nname = "svc"\nlicense = "AGPL-3.0-only"\n',
      COPYING: 'GNU AFFERO GENERAL PUBLIC LICENSE\nVersion 3, 19 November 2007\n',
      [`${site}/requests-2.32.0.dist-info/METADATA`]:
        'Metadata-Version: 2.1\nName: requests\nVersion: 2.32.0\nLicense: Apache 2.0\n\nlong description mentioning GPL',
      [`${site}/pyqt5-5.15.0.dist-info/METADATA`]:
        'Metadata-Version: 2.1\nName: PyQt5\nVersion: 5.15.0\nClassifier: License :: OSI Approved :: GNU General Public License v3 (GPLv3)\n',
      [`${site}/modern-1.0.dist-info/METADATA`]: 'Metadata-Version: 2.4\nName: modern\nVersion: 1.0\nLicense-Expression: MIT OR Apache-2.0\n',
    });
    const result = await licensesAnalyzer.run(makeTestContext(root));
    expect(result.findings.map((f) => f.ruleId).sort()).toEqual(['licenses.project-restrictive', 'licenses.strong-copyleft']);
    const pyqt = result.findings.find((f) => f.ruleId === 'licenses.strong-copyleft')!;
    expect(pyqt.location.file).toBe(`${site}/pyqt5-5.15.0.dist-info/METADATA`);
    expect(pyqt.properties).toMatchObject({ package: 'PyQt5', license: 'GPL-3.0-only' });
    expect(result.licenses!.filter((l) => l.name === '(project)').map((l) => l.license)).toEqual(['AGPL-3.0-only']);
    expect(result.licenses!.find((l) => l.name === 'requests')).toMatchObject({ license: 'Apache-2.0', risk: 'none' });
  });

  it('lists requirements without metadata as one info finding, and says when nothing was found', async () => {
    const root = project('reqs', { 'requirements.txt': 'flask==3.0.0\n# comment\n-r other.txt\ngit+https://x/y.git\nrequests>=2\n' });
    const result = await licensesAnalyzer.run(makeTestContext(root));
    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]).toMatchObject({ ruleId: 'licenses.no-metadata', severity: 'info', properties: { packages: ['flask', 'requests'] } });
    const pyproject = project('pyproject', {
      'pyproject.toml': '[project]\nname = "svc"\ndependencies = ["httpx>=0.27", "pydantic[email]==2.8.0"]\n',
    });
    const fromPyproject = await licensesAnalyzer.run(makeTestContext(pyproject));
    expect(fromPyproject.findings[0]).toMatchObject({ ruleId: 'licenses.no-metadata', properties: { packages: ['httpx', 'pydantic'] } });
    const closed = await licensesAnalyzer.run(
      makeTestContext(project('closed', { LICENSE: 'Copyright 2026 Acme GmbH. All rights reserved.\n', 'package.json': '{"license":"UNLICENSED"}' })),
    );
    expect(closed.licenses).toEqual([{ name: '(project)', license: 'Proprietary', risk: 'none', source: 'package.json' }]);
    const empty = await licensesAnalyzer.run(makeTestContext(project('empty', { 'main.py': 'print(1)\n' })));
    expect(empty.findings).toEqual([]);
    expect(empty.note).toMatch(/No npm or Python dependency metadata/);
  });
});
