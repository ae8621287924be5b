import { describe, expect, it } from 'vitest';
import { NO_HINTS, bddSuiteDirs, classifyPath, copiedLibrary, devBesideProduction, projectHints, vendoredPackageDirs } from './classify';
import { contextualize, devConfigClass } from './index';
import { makeFinding } from '../testing/make-finding';

describe('execution context of a path', () => {
  it.each([
    ['app/views.py', 'production'],
    ['src/server/routes/users.ts', 'production'],
    ['tests/test_views.py', 'test'],
    ['src/__tests__/api.ts', 'test'],
    ['packages/core/src/user.spec.ts', 'test'],
    ['src/components/Button.stories.tsx', 'test'],
    ['e2e/login.ts', 'test'],
    ['molecule/upgrade/files/apt.priv', 'test'],
    ['scripts/release.js', 'script'],
    ['scripts-dev/federation_client.py', 'script'],
    ['dev_tools/seed.py', 'script'],
    ['tools/gen-icons.ts', 'script'],
    ['devproject/settings.py', 'script'],
    ['sandbox/settings.py', 'script'],
    ['app/migrations/0042_add_field.py', 'script'],
    ['shop/management/commands/import_data.py', 'script'],
    ['webpack.config.js', 'script'],
    ['setup.py', 'script'],
    ['server/plugins/dev-server.ts', 'script'],
    ['server/devServer.js', 'script'],
    ['server/server.ts', 'production'],
    ['web/vite-plugin-serve-static.ts', 'script'],
    ['build/rollup-plugin-license.mjs', 'script'],
    ['src/plugins/plugin-loader.ts', 'production'],
    ['dredd/dredd_hook.py', 'test'],
    ['.gitpod.dockerfile', 'script'],
    ['docs/conf.py', 'example'],
    ['examples/basic/server.js', 'example'],
    ['sandbox/nestjs-auth-ms-example/Dockerfile', 'example'],
    ['apps/react-demo/src/index.tsx', 'example'],
    ['services/demo-service/src/index.ts', 'production'],
    ['src/test/fixtures/users.json', 'test'],
    ['fixtures/seed.py', 'fixture'],
    ['static/vendor/jquery.js', 'vendored'],
    ['public/app.min.js', 'vendored'],
    ['api/proto/user_pb2.py', 'vendored'],
  ])('%s is %s', (path, context) => {
    expect(classifyPath(path).context).toBe(context);
  });

  it('front-end code under public/ or static/ stays production whatever its folder is called', () => {
    expect(classifyPath('public/scripts/main.js').context).toBe('production');
    expect(classifyPath('scripts/main.js').context).toBe('script');
  });

  it("settings modules for a developer's machine or CI are scripts; the production settings are not", () => {
    expect(classifyPath('settings/local_dev.py')).toEqual({ context: 'script', reason: 'development settings local_dev.py' });
    expect(classifyPath('app/settings_dev.py').context).toBe('script');
    expect(classifyPath('settings/main.py').context).toBe('production');
    expect(classifyPath('app/dev.py').context).toBe('production');
    expect(classifyPath('conf/development.ini')).toEqual({ context: 'script', reason: 'development settings development.ini' });
    expect(classifyPath('config/.env.development').context).toBe('script');
    expect(classifyPath('pytest.ini')).toEqual({ context: 'test', reason: 'test runner configuration pytest.ini' });
    expect(classifyPath('conf/production.ini').context).toBe('production');
    expect(classifyPath('.env').context).toBe('production');
  });

  it('test runners and mock data modules are tests; a file merely ending in "test" is not', () => {
    expect(classifyPath('quicktest.py').context).toBe('test');
    expect(classifyPath('runtests.py').context).toBe('test');
    // Locust load tests log in as throwaway users against a test deployment
    expect(classifyPath('contrib/loadtesting/locust/locustfile2.py').context).toBe('test');
    expect(classifyPath('perf/locustfile.py').context).toBe('test');
    expect(classifyPath('app/locust_views.py').context).toBe('production');
    // the images of an end-to-end test stack (built by docker-compose.cypress.yml) run the tests, not the service
    for (const f of ['dockerfiles/Dockerfile.kontext.cypress', 'Dockerfile.e2e', 'docker/Dockerfile-test', 'Dockerfile.integration']) expect(classifyPath(f).context, f).toBe('test');
    for (const f of ['dockerfiles/Dockerfile.kontext', 'Dockerfile.latest']) expect(classifyPath(f).context, f).toBe('production');
    // configuration named as an example or sample to copy is where a deployment starts, not what it runs
    for (const f of ['config/oidc-example-google.json', 'config.example.json', '.env.example', 'docker-compose.sample.yml', 'phpunit.xml.dist', 'app/local_settings.example.py']) {
      expect(classifyPath(f).context, f).toBe('example');
    }
    for (const f of ['app/examples_view.py', 'src/sample_data.py', 'config/default.json', 'app/example.py', '.env']) expect(classifyPath(f).context, f).toBe('production');
    expect(classifyPath('packages/email/src/handler/mock-events.ts').context).toBe('test');
    expect(classifyPath('app/latest.py').context).toBe('production');
  });

  it('the project a test suite runs against is a test, an example project an example; a project folder of another name is not', () => {
    expect(classifyPath('test_project/test_project/settings.py')).toEqual({ context: 'test', reason: 'folder test_project/' });
    expect(classifyPath('testapp/oidc_key').context).toBe('test');
    expect(classifyPath('example_project/settings.py').context).toBe('example');
    expect(classifyPath('my_project/settings.py').context).toBe('production');
    expect(classifyPath('contest_app/views.py').context).toBe('production');
  });

  it('a management/ folder is a script only when it holds Django commands', () => {
    expect(classifyPath('app/management/views.py').context).toBe('production');
  });

  it('package.json scripts: files run by build/release scripts are scripts, the start target is production', () => {
    const hints = projectHints([
      {
        path: 'server/package.json',
        text: JSON.stringify({ scripts: { build: 'node ./build-assets.mjs && tsc', release: 'tsx --tsconfig x.json src/release.ts', start: 'node scripts/serve.js' } }),
      },
    ]);
    expect(classifyPath('server/build-assets.mjs', hints)).toEqual({ context: 'script', reason: 'run by npm script "build"' });
    expect(classifyPath('server/src/release.ts', hints).context).toBe('script');
    expect(classifyPath('server/scripts/serve.js', hints)).toEqual({ context: 'production', reason: 'started by the start script' });
  });

  it('a broken package.json gives no hints instead of failing', () => {
    expect(projectHints([{ path: 'package.json', text: '{ nope' }]).scriptFiles.size).toBe(0);
  });
});

describe('contextualize', () => {
  const at = (file: string, over: Parameters<typeof makeFinding>[0] = {}) =>
    makeFinding({ ruleId: 'py.injection.command-taint', severity: 'critical', location: { file, startLine: 3, endLine: 3 }, trace: [{ kind: 'source', file, line: 1, label: 'request.args' }], ...over });

  it('an unmarked Dockerfile beside prod.Dockerfile is the developers\' unless CI builds and publishes it too', () => {
    const root = (file: string) => makeFinding({ ruleId: 'config.docker.runs-as-root', severity: 'medium', location: { file, startLine: 1, endLine: 1 } });
    const files = ['Dockerfile', 'prod.Dockerfile', '.github/workflows/dockerize.yml'];
    const workflow = (text: string) => (p: string) => (p.endsWith('.yml') ? text : '');
    expect(contextualize([root('Dockerfile')], files, workflow('jobs:\n  build:\n    steps:\n      - uses: docker/build-push-action@v6\n        with:\n          file: prod.Dockerfile\n'))[0]!.context).toBe('script');
    expect(contextualize([root('Dockerfile')], files, workflow('      - uses: docker/build-push-action@v6\n        with:\n          file: Dockerfile\n      - uses: docker/build-push-action@v6\n        with:\n          file: prod.Dockerfile\n'))[0]!.context).toBe('production');
  });

  it('keeps a traced critical in production code and lowers it in a script, a test and an example', () => {
    const out = contextualize([at('app/run.py'), at('scripts/release.py'), at('tests/conftest_helpers.py'), at('examples/demo.py')], [], () => null);
    expect(out.map((f) => [f.context, f.severity])).toEqual([
      ['production', 'critical'],
      ['script', 'medium'],
      ['test', 'low'],
      ['example', 'low'],
    ]);
    expect(out[1]).toMatchObject({ ruleSeverity: 'critical', contextReason: 'folder scripts/' });
    expect(out[1]!.severityNote).toMatch(/script/);
    expect(out[0]!.ruleSeverity).toBeUndefined();
  });

  it("a finding in a module's `if __name__ == \"__main__\":` self-test is script code; one above it, or in a block that starts the server, is not", () => {
    const lib = "import os\n\nKEY = os.environ['K']\n\nif __name__ == '__main__':\n    pin = '12345678'\n\n    print(pin)\nx = 1\n";
    const server = "from app import app\n\nif __name__ == \"__main__\":\n    app.run(host='0.0.0.0', debug=True)\n";
    const text = (p: string) => (p === 'lib/hsm.py' ? lib : server);
    const line = (file: string, n: number) => at(file, { location: { file, startLine: n, endLine: n } });
    const out = contextualize([line('lib/hsm.py', 6), line('lib/hsm.py', 8), line('lib/hsm.py', 3), line('lib/hsm.py', 9), line('run.py', 4)], [], text);
    expect(out.map((f) => f.context)).toEqual(['script', 'script', 'production', 'production', 'production']);
    expect(out[0]!.contextReason).toMatch(/__main__/);
  });

  it("a library copied into served assets (its banner names a version and licence) is third-party; the project's own asset is not", () => {
    const banner = '/*!\n * jQuery nodesContainingText plugin\n *\n * Version: 1.1.2\n *\n * Copyright (c) 2009 Someone\n * Dual licensed under the MIT and GPL licenses.\n */\n;(function($){})(jQuery);\n';
    const own = '/* Widgets of the ticket page. Copyright (c) the project authors. */\nexport function init() {}\n';
    const texts: Record<string, string> = { 'app/static/helpdesk/jquery.translate.js': banner, 'app/static/helpdesk/widgets.js': own, 'app/src/translate.js': banner };
    const out = contextualize(Object.keys(texts).map((p) => at(p)), [], (p) => texts[p] ?? null);
    expect(out.map((f) => f.context)).toEqual(['vendored', 'production', 'production']);
    expect(out[0]!.contextReason).toMatch(/copied library/);
  });

  it("a library whose banner is line comments saying it is distributed under a permissive licence is third-party; an Apache header in the project's code is not", () => {
    const cm = '// CodeMirror, copyright (c) by Marijn Haverbeke and others\n// Distributed under an MIT license: https://codemirror.net/LICENSE\n\n(function(mod) {})();\n';
    const apache = '// Copyright 2024 The Authors. Licensed under the Apache License, Version 2.0; software\n// distributed under the License is distributed on an "AS IS" BASIS.\nexport const x = 1;\n';
    const texts: Record<string, string> = { 'libraries/codemirror/mode/markdown/markdown.js': cm, 'public/cm_modes/javascript.js': cm, 'libs/own/widget.js': apache.replace('Version 2.0', 'v2') };
    const out = contextualize(Object.keys(texts).map((p) => at(p)), [], (p) => texts[p] ?? null);
    expect(out.map((f) => f.context)).toEqual(['vendored', 'vendored', 'production']);
  });

  it('a preserved /*! banner naming a version (after a bundle-guarding ;) is a copied library; a plain comment is not', () => {
    expect(copiedLibrary('app/static/js/lib/showdown.js', ';/*! showdown v 2.1.0 - 21-04-2022 */\n(function(){})();\n')?.context).toBe('vendored');
    expect(copiedLibrary('app/static/js/lib/widgets.js', ';/* widgets v 2.1.0 of the ticket page */\n(function(){})();\n')).toBeNull();
    expect(copiedLibrary('app/static/js/lib/widgets.js', '/*! the ticket page */\n(function(){})();\n')).toBeNull();
  });

  it('never drops a finding', () => {
    const input = [at('vendor/x.py'), at('fixtures/y.py')];
    expect(contextualize(input, [], () => null)).toHaveLength(2);
  });
});

describe('more conventions', () => {
  it.each([
    ['netbox/netbox/configuration_testing.py', 'test'],
    ['app/settings_test.py', 'test'],
    ['app/test_settings.py', 'test'],
    ['flaskbb/cli/main.py', 'script'],
    ['src/latest.py', 'production'],
    ['src/contest.py', 'production'],
  ])('%s is %s', (path, context) => {
    expect(classifyPath(path).context).toBe(context);
  });
});

describe('development variants beside a production twin', () => {
  const files = [
    'compose/local/django/Dockerfile',
    'compose/production/django/Dockerfile',
    'config/settings/local.py',
    'config/settings/production.py',
    'requirements/local.txt',
    'requirements/production.txt',
    'app/storage/local.py',
    'docker-compose.yml',
    'docker-compose-dev.yml',
    'Dockerfile',
    'Dockerfile.dev',
    'app/storage.py',
    'app/storage-local.py',
  ];
  const hints = { ...NO_HINTS, devTwins: devBesideProduction(files) };

  it('a deployment file marked dev or local beside the unmarked one is development; a local module beside its package is not', () => {
    expect(classifyPath('docker-compose-dev.yml', hints)).toMatchObject({ context: 'script', reason: 'development variant docker-compose-dev.yml (production uses docker-compose.yml)' });
    expect(classifyPath('Dockerfile.dev', hints).context).toBe('script');
    expect(classifyPath('Dockerfile', hints).context).toBe('production');
    expect(classifyPath('docker-compose.yml', hints).context).toBe('production');
    expect(classifyPath('app/storage-local.py', hints).context).toBe('production');
  });

  it('a local/dev folder or file with a production sibling of the same kind is development', () => {
    expect(classifyPath('compose/local/django/Dockerfile', hints)).toMatchObject({ context: 'script', reason: expect.stringMatching(/development variant compose\/local/) });
    expect(classifyPath('config/settings/local.py', hints)).toMatchObject({ context: 'script', reason: expect.stringMatching(/^development settings/) });
    expect(classifyPath('requirements/local.txt', hints).context).toBe('script');
  });

  it('an image file beside one marked for production is the developers\' (Dockerfile.server beside Dockerfile.server.production); a compose file beside a .prod one is not', () => {
    const twins = devBesideProduction(['Dockerfile.server', 'Dockerfile.server.production', 'web/Dockerfile', 'web/prod.Dockerfile', 'docker-compose.yml', 'docker-compose.prod.yml', 'api/Dockerfile']);
    const h = { ...NO_HINTS, devTwins: twins };
    expect(classifyPath('Dockerfile.server', h)).toMatchObject({ context: 'script', reason: expect.stringMatching(/Dockerfile\.server\.production/) });
    expect(classifyPath('web/Dockerfile', h).context).toBe('script');
    expect(classifyPath('Dockerfile.server.production', h).context).toBe('production');
    expect(classifyPath('docker-compose.yml', h).context).toBe('production');
    expect(classifyPath('api/Dockerfile', h).context).toBe('production');
  });

  it('the production twin, and a local module with no production sibling, are production', () => {
    expect(classifyPath('compose/production/django/Dockerfile', hints).context).toBe('production');
    expect(classifyPath('config/settings/production.py', hints).context).toBe('production');
    expect(classifyPath('app/storage/local.py', hints).context).toBe('production');
  });
});

describe('configuration classes', () => {
  const module = 'class Config:\n    SESSION_COOKIE_SECURE = True\n\nclass DevelopmentConfig(Config):\n    DEBUG = True\n    SESSION_COOKIE_SECURE = False\n\nclass ProductionConfig(Config):\n    SESSION_COOKIE_SECURE = True\n';
  it('a line in a development or test configuration class of a module with a production class is development', () => {
    expect(devConfigClass(module, 6)).toBe('DevelopmentConfig');
    expect(devConfigClass(module, 2)).toBeNull();
    expect(devConfigClass(module, 9)).toBeNull();
    // with no production class beside it, the development class may be what runs
    expect(devConfigClass(module.replace('ProductionConfig', 'OtherConfig'), 6)).toBeNull();
  });
});

describe('test suites named by kind', () => {
  it.each([['tests_integration/Dockerfile'], ['integration_tests/test_api.py'], ['e2e-tests/run.js'], ['tests-unit/a.ts']])('%s is test code', (path) => {
    expect(classifyPath(path).context).toBe('test');
  });
  it('a word that only contains "test" is not a test folder', () => {
    expect(classifyPath('contest/views.py').context).toBe('production');
    expect(classifyPath('latest_news/views.py').context).toBe('production');
  });
});

describe('libraries copied in under their npm name and version', () => {
  it('static/js/simple-datatables@10.2.0.js is vendored; app@home.js is not', () => {
    expect(classifyPath('otterwiki/static/js/simple-datatables@10.2.0.js').context).toBe('vendored');
    expect(classifyPath('src/app@home.js').context).toBe('production');
  });
});

describe('folders of copied dependencies', () => {
  it("a folder whose packages carry the requirements' names holds vendored copies, the app's own packages do not", () => {
    const files = [
      'requirements.txt',
      'Tautulli.py',
      'lib/urllib3/__init__.py',
      'lib/urllib3/contrib/pyopenssl.py',
      'lib/cherrypy/__init__.py',
      'lib/certifi/__init__.py',
      'lib/dns/__init__.py',
      'lib/jaraco/context/__init__.py',
      'plexpy/__init__.py',
      'plexpy/webserve.py',
      'app/lib/helpers/__init__.py',
    ];
    const texts: Record<string, string> = { 'requirements.txt': 'urllib3==2.7.0\ncherrypy==18.10.0\ncertifi==2026.4.22\ndnspython==2.7\njaraco.context>=5\n# a comment\n' };
    const dirs = vendoredPackageDirs(files, (p) => texts[p] ?? '');
    expect(dirs).toEqual(['lib/']);
    const ctx = contextualize(
      ['lib/urllib3/contrib/pyopenssl.py', 'lib/jaraco/context/__init__.py', 'plexpy/webserve.py'].map((file) => makeFinding({ location: { file, startLine: 3, endLine: 3 } })),
      files,
      (p) => texts[p] ?? '',
    ).map((f) => f.context);
    expect(ctx).toEqual(['vendored', 'vendored', 'production']);
    // two matching packages are not enough to call a folder a copy of the dependencies
    expect(vendoredPackageDirs(files.filter((f) => !f.startsWith('lib/certifi')), (p) => texts[p] ?? '')).toEqual([]);
  });

  it('treats a behaviour-driven suite (.feature files beside step definitions) as tests, whatever its folder is called', () => {
    const files = [
      'features-legacy/kuzzle.feature',
      'features-legacy/step_definitions/auth.ts',
      'features-legacy/support/world.ts',
      'bdd/features/login.feature',
      'bdd/features/steps/login_steps.py',
      'bdd/features/environment.py',
      // a wizard's steps/ folder with no scenarios beside it is application code
      'src/wizard/steps/account.tsx',
      'src/wizard/index.tsx',
      'lib/api/request/requestContext.ts',
    ];
    expect(bddSuiteDirs(files).sort()).toEqual(['bdd/features/', 'features-legacy/']);
    const ctx = contextualize(
      ['features-legacy/support/world.ts', 'bdd/features/environment.py', 'src/wizard/steps/account.tsx', 'lib/api/request/requestContext.ts'].map((file) =>
        makeFinding({ location: { file, startLine: 3, endLine: 3 } }),
      ),
      files,
      () => '',
    ).map((f) => f.context);
    expect(ctx).toEqual(['test', 'test', 'production', 'production']);
  });
});
