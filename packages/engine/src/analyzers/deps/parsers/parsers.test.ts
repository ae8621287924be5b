import { describe, expect, it } from 'vitest';
import { parsePackageLock } from './package-lock';
import { parsePnpmLock } from './pnpm-lock';
import { parsePom } from './pom';
import { parsePipfileLock, parsePoetryLock, parseUvLock } from './python-locks';
import { parseRequirements } from './requirements';
import { BrokenLockfileError } from './types';
import { parseYarnLock } from './yarn-lock';
import { devOnlyPackages, directPackages, manifestRoots } from '../collect-dependencies';

const pick = (entries: { name: string; version: string }[]) => entries.map((e) => `${e.name}@${e.version}`).sort();

describe('yarn.lock', () => {
  it('reads classic v1 lockfiles', () => {
    const text = [
      '# yarn lockfile v1',
      '',
      '"@babel/code-frame@^7.0.0", "@babel/code-frame@^7.10.4":',
      '  version "7.12.13"',
      '  resolved "https://registry.yarnpkg.com/@babel/code-frame/-/code-frame-7.12.13.tgz"',
      '',
      'lodash@^4.17.15:',
      '  version "4.17.15"',
      '',
    ].join('\n');
    expect(pick(parseYarnLock(text).entries)).toEqual(['@babel/code-frame@7.12.13', 'lodash@4.17.15']);
  });
  it('reads berry lockfiles and follows npm aliases to the real package', () => {
    const text = [
      '__metadata:',
      '  version: 6',
      '',
      '"my-lodash@npm:lodash@4.17.10":',
      '  version: 4.17.10',
      '  resolution: "lodash@npm:4.17.10"',
      '',
      '"resolve@patch:resolve@npm%3A1.0.0#~builtin<compat/resolve>":',
      '  version: 1.0.0',
      '  resolution: "resolve@patch:resolve@npm%3A1.0.0#~builtin<compat/resolve>::version=1.0.0"',
      '',
    ].join('\n');
    expect(pick(parseYarnLock(text).entries)).toEqual(['lodash@4.17.10']);
  });
});

describe('classic yarn.lock: packages only development dependencies pull in', () => {
  const lock = [
    '# yarn lockfile v1',
    '',
    'express@^4.18.0:',
    '  version "4.18.2"',
    '  dependencies:',
    '    qs "6.11.0"',
    '',
    'qs@6.11.0:',
    '  version "6.11.0"',
    '',
    'onchange@^7.0.0:',
    '  version "7.1.0"',
    '  dependencies:',
    '    tree-kill "^1.2.1"',
    '    qs "6.11.0"',
    '',
    '"tree-kill@^1.2.1":',
    '  version "1.2.1"',
    '',
    '"@acme/shared@file:../shared":',
    '  version "1.0.0"',
    '  dependencies:',
    '    lodash "^4.17.0"',
    '',
    'lodash@^4.17.0:',
    '  version "4.17.21"',
    '',
  ].join('\n');
  const manifest = (extra = {}) =>
    JSON.stringify({ dependencies: { express: '^4.18.0', '@acme/shared': 'file:../shared' }, devDependencies: { onchange: '^7.0.0' }, ...extra });

  it('reached only from devDependencies is development; shared with production, or below a local package, is not', () => {
    const parsed = parseYarnLock(lock);
    expect(parsed.entries.map((e) => e.name).sort()).toEqual(['express', 'lodash', 'onchange', 'qs', 'tree-kill']);
    expect([...devOnlyPackages(parsed.graph!, manifestRoots(manifest()))!].sort()).toEqual(['onchange@7.1.0', 'tree-kill@1.2.1']);
  });

  it('claims nothing for workspaces, a missing manifest or a production dependency the lockfile does not resolve', () => {
    const { graph } = parseYarnLock(lock);
    expect(devOnlyPackages(graph!, manifestRoots(manifest({ workspaces: ['packages/*'] })))).toBeNull();
    expect(devOnlyPackages(graph!, manifestRoots(null))).toBeNull();
    expect(devOnlyPackages(graph!, manifestRoots(manifest({ dependencies: { express: '^4.18.0', left: '^1.0.0' } })))).toBeNull();
  });

  it("the version the manifest's own descriptor resolves to is direct; a library's older copy of the same package is not", () => {
    const text = [
      '# yarn lockfile v1',
      '',
      'lodash@^4.17.21:',
      '  version "4.17.21"',
      '',
      'cheerio@0.19.0:',
      '  version "0.19.0"',
      '  dependencies:',
      '    lodash "^3.2.0"',
      '',
      'lodash@^3.2.0:',
      '  version "3.10.1"',
      '',
    ].join('\n');
    const { graph } = parseYarnLock(text);
    const pkg = JSON.stringify({ dependencies: { lodash: '^4.17.21', cheerio: '0.19.0' } });
    expect([...directPackages(graph!, manifestRoots(pkg))!].sort()).toEqual(['cheerio@0.19.0', 'lodash@4.17.21']);
    // a declared descriptor the lockfile does not resolve: the name alone decides, as without a graph
    expect(directPackages(graph!, manifestRoots(JSON.stringify({ dependencies: { lodash: '^4.18.0' } })))).toBeNull();
  });
});

describe('pnpm-lock.yaml', () => {
  it('reads v9 with importers, snapshots and peer suffixes', () => {
    const text = `lockfileVersion: '9.0'
importers:
  .:
    dependencies:
      lodash:
        specifier: ^4.17.0
        version: 4.17.15
    devDependencies:
      '@types/node':
        specifier: ^20
        version: 20.1.0
packages:
  lodash@4.17.15:
    resolution: {integrity: sha512-x}
  '@types/node@20.1.0':
    resolution: {integrity: sha512-y}
  react-dom@18.2.0:
    resolution: {integrity: sha512-z}
snapshots:
  react-dom@18.2.0(react@18.2.0): {}
`;
    const { entries } = parsePnpmLock(text);
    expect(pick(entries)).toEqual(['@types/node@20.1.0', 'lodash@4.17.15', 'react-dom@18.2.0']);
    expect(entries.find((e) => e.name === 'lodash')).toMatchObject({ direct: true, dev: false });
    expect(entries.find((e) => e.name === '@types/node')).toMatchObject({ direct: true, dev: true });
    expect(entries.find((e) => e.name === 'react-dom')).toMatchObject({ direct: false });
  });
  it('v9: a package only development dependencies reach is dev, one a production dependency reaches is not', () => {
    const text = `lockfileVersion: '9.0'
importers:
  .:
    dependencies:
      request:
        specifier: ^2
        version: 2.88.0
      ui:
        specifier: workspace:*
        version: link:ui
    devDependencies:
      jest:
        specifier: ^29
        version: 29.0.0(ts-node@10.0.0)
  ui:
    dependencies:
      react:
        specifier: ^18
        version: 18.2.0
packages:
  request@2.88.0: {resolution: {integrity: a}}
  tough-cookie@2.5.0: {resolution: {integrity: b}}
  jest@29.0.0: {resolution: {integrity: c}}
  tough-cookie@0.12.1: {resolution: {integrity: d}}
  react@18.2.0: {resolution: {integrity: e}}
  string-width@4.2.3: {resolution: {integrity: f}}
snapshots:
  request@2.88.0:
    dependencies:
      tough-cookie: 2.5.0
      string-width-cjs: string-width@4.2.3
  jest@29.0.0(ts-node@10.0.0):
    dependencies:
      tough-cookie: 0.12.1
  tough-cookie@2.5.0: {}
  tough-cookie@0.12.1: {}
  react@18.2.0: {}
  string-width@4.2.3: {}
`;
    const dev = Object.fromEntries(parsePnpmLock(text).entries.map((e) => [`${e.name}@${e.version}`, e.dev]));
    expect(dev).toEqual({
      'request@2.88.0': false,
      'tough-cookie@2.5.0': false,
      'jest@29.0.0': true,
      'tough-cookie@0.12.1': true,
      'react@18.2.0': false,
      'string-width@4.2.3': false,
    });
  });
  it('reads v6 and v5 package keys', () => {
    const v6 = `lockfileVersion: '6.0'\ndependencies:\n  lodash:\n    specifier: ^4\n    version: 4.17.15\npackages:\n  /lodash@4.17.15:\n    dev: false\n  /@scope/x@1.0.0(react@18.0.0):\n    dev: true\n`;
    expect(pick(parsePnpmLock(v6).entries)).toEqual(['@scope/x@1.0.0', 'lodash@4.17.15']);
    const v5 = `lockfileVersion: 5.4\nspecifiers:\n  lodash: ^4\ndependencies:\n  lodash: 4.17.15\npackages:\n  /lodash/4.17.15:\n    dev: false\n  /@scope/y/2.1.0_react@18.0.0:\n    dev: true\n`;
    const entries = parsePnpmLock(v5).entries;
    expect(pick(entries)).toEqual(['@scope/y@2.1.0', 'lodash@4.17.15']);
    expect(entries.find((e) => e.name === 'lodash')?.direct).toBe(true);
  });
  it('rejects YAML that is not a pnpm lockfile', () => {
    expect(() => parsePnpmLock('foo: [unclosed')).toThrow(BrokenLockfileError);
    expect(() => parsePnpmLock('foo: bar')).toThrow(BrokenLockfileError);
  });
});

describe('Python lockfiles', () => {
  it('reads poetry.lock with legacy dev categories', () => {
    const text = '[[package]]\nname = "Django"\nversion = "2.2.0"\ncategory = "main"\n\n[[package]]\nname = "pytest"\nversion = "6.0.0"\ncategory = "dev"\n';
    expect(parsePoetryLock(text).entries).toEqual([
      { ecosystem: 'PyPI', name: 'Django', version: '2.2.0', dev: false },
      { ecosystem: 'PyPI', name: 'pytest', version: '6.0.0', dev: true },
    ]);
    expect(() => parsePoetryLock('name = "x"')).toThrow(BrokenLockfileError);
  });
  it('reads uv.lock and takes direct dependencies from the project entry', () => {
    const text = `version = 1
[[package]]
name = "app"
version = "0.1.0"
source = { editable = "." }
dependencies = [{ name = "django" }]
[package.optional-dependencies]
s3 = [{ name = "boto3" }]
test = [{ name = "paramiko" }]
[package.dev-dependencies]
dev = [{ name = "pytest" }]

[[package]]
name = "django"
version = "2.2.0"
source = { registry = "https://pypi.org/simple" }
dependencies = [{ name = "sqlparse" }]

[[package]]
name = "sqlparse"
version = "0.4.0"
source = { registry = "https://pypi.org/simple" }

[[package]]
name = "pytest"
version = "8.0.0"
source = { registry = "https://pypi.org/simple" }

[[package]]
name = "boto3"
version = "1.0.0"
source = { registry = "https://pypi.org/simple" }

[[package]]
name = "paramiko"
version = "2.8.0"
source = { registry = "https://pypi.org/simple" }
`;
    const { entries } = parseUvLock(text);
    // an optional feature (the s3 extra) ships; an extra named for the test run does not
    expect(entries.map((e) => [e.name, e.direct, e.dev])).toEqual([
      ['django', true, false],
      ['sqlparse', false, false],
      ['pytest', true, true],
      ['boto3', true, false],
      ['paramiko', true, true],
    ]);
  });
  it('reads Pipfile.lock default and develop sections', () => {
    const text = JSON.stringify({ _meta: {}, default: { django: { version: '==2.2.0' }, localpkg: { path: '.' } }, develop: { pytest: { version: '==8.0.0' } } });
    expect(parsePipfileLock(text).entries).toEqual([
      { ecosystem: 'PyPI', name: 'django', version: '2.2.0', dev: false },
      { ecosystem: 'PyPI', name: 'pytest', version: '8.0.0', dev: true },
    ]);
  });
  it('keeps exact pins from requirements and lists ranges as declared, not resolved', () => {
    const text = 'Django==2.2.0  # web\nrequests[socks]===2.25.0; python_version>"3"\nflask>=2\nnumpy\n-e .\n--index-url https://x\nbad==1.*\n';
    const parsed = parseRequirements(text);
    expect(pick(parsed.entries)).toEqual(['Django@2.2.0', 'bad@==1.*', 'flask@>=2', 'numpy@*', 'requests@2.25.0']);
    expect(parsed.entries.filter((e) => e.declaredOnly).map((e) => e.requirement)).toEqual(['>=2', '*', '==1.*']);
    expect(parsed.entries.filter((e) => !e.declaredOnly).map((e) => e.name)).toEqual(['Django', 'requests']);
  });
});

describe('package-lock.json', () => {
  it('reads v2/v3 packages with nested copies and aliases', () => {
    const text = JSON.stringify({
      lockfileVersion: 2,
      packages: {
        '': { dependencies: { a: '1', b: 'npm:real-b@2' } },
        'node_modules/a': { version: '1.0.0' },
        'node_modules/a/node_modules/c': { version: '3.0.0', dev: true },
        'node_modules/b': { name: 'real-b', version: '2.0.0' },
        'node_modules/linked': { resolved: 'packages/linked', link: true },
        'packages/linked': { version: '0.0.1' },
      },
    });
    const { entries } = parsePackageLock(text);
    expect(entries.map((e) => [e.name, e.version, e.direct, e.dev])).toEqual([
      ['a', '1.0.0', true, false],
      ['c', '3.0.0', false, true],
      ['real-b', '2.0.0', true, false],
    ]);
  });
  it('counts workspace declarations as direct, hoisted or not', () => {
    const text = JSON.stringify({
      lockfileVersion: 3,
      packages: {
        '': { workspaces: ['packages/*'] },
        'packages/app': { version: '1.0.0', dependencies: { express: '^4', qs: '^6' } },
        'node_modules/app': { resolved: 'packages/app', link: true },
        'node_modules/express': { version: '4.17.1' },
        'node_modules/express/node_modules/qs': { version: '6.7.0' },
        'packages/app/node_modules/qs': { version: '6.11.0' },
        'node_modules/debug': { version: '2.6.9' },
      },
    });
    expect(parsePackageLock(text).entries.map((e) => [e.name, e.version, e.direct])).toEqual([
      ['express', '4.17.1', true],
      ['qs', '6.7.0', false],
      ['qs', '6.11.0', true],
      ['debug', '2.6.9', false],
    ]);
  });

  it('v1: a nested entry nothing requires (a shrinkwrap bundled by a dependency) is installed but never loaded: dev', () => {
    const text = JSON.stringify({
      lockfileVersion: 1,
      dependencies: {
        openpgp: {
          version: '4.7.2',
          requires: { 'node-fetch': '^2.1.2' },
          dependencies: {
            'node-fetch': { version: '2.1.2', requires: { encoding: '^0.1' } },
            encoding: { version: '0.1.12' },
            lodash: { version: '4.17.10' },
            istanbul: { version: '0.4.5', requires: { handlebars: '^4' }, dependencies: { handlebars: { version: '4.0.11' } } },
          },
        },
        morgan: { version: '1.9.1' },
      },
    });
    expect(parsePackageLock(text).entries.map((e) => [e.name, e.version, e.dev])).toEqual([
      ['openpgp', '4.7.2', false],
      ['node-fetch', '2.1.2', false],
      ['encoding', '0.1.12', false],
      ['lodash', '4.17.10', true],
      ['istanbul', '0.4.5', true],
      ['handlebars', '4.0.11', true],
      ['morgan', '1.9.1', false],
    ]);
  });

  it('fails loudly on invalid JSON', () => {
    expect(() => parsePackageLock('{"packages": ')).toThrow(BrokenLockfileError);
  });
});

describe('pom.xml', () => {
  it('rejects documents without a project', () => {
    expect(() => parsePom('<notaproject/>')).toThrow(BrokenLockfileError);
  });
});

describe('parserFor', () => {
  it('recognises lockfiles and requirements files by name', async () => {
    const { parserFor } = await import('./index');
    expect(parserFor('a/b/package-lock.json')).toBe(parsePackageLock);
    expect(parserFor('requirements/dev.txt')).toBe(parseRequirements);
    expect(parserFor('requirements-prod.txt')).toBe(parseRequirements);
    expect(parserFor('docs/notes.txt')).toBeNull();
    expect(parserFor('package.json')).toBeNull();
  });
});
