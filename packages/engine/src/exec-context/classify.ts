// Execution context of a file: does this code run in production, where a request can reach it, or only in a
// test run, a developer's build/release/migration step, an example, fixture data or third-party code? The answer
// comes from folder and file naming conventions shared across ecosystems, package.json scripts (what `npm run x`
// executes is a script unless it is the start command) and framework conventions (Django migrations and
// management commands, Alembic versions). Context lowers a finding's severity and weight; it never hides it.
import { isTestPath } from '../collect/test-paths';
import type { ExecutionContext } from '../types';

export interface ContextInfo {
  context: ExecutionContext;
  /** Why, in a few words a reader can check ("folder tests/", "run by npm script build"). */
  reason: string;
}

/** Files that package.json scripts (or similar entry points) name, split by whether they serve requests. */
export interface ProjectHints {
  /** Repo-relative paths run by a non-start npm script (build, release, migrate, seed...). */
  scriptFiles: ReadonlyMap<string, string>;
  /** Repo-relative paths run by a start/serve script: production entry points even inside a scripts/ folder. */
  entryFiles: ReadonlySet<string>;
  /** Development variants beside a production twin (devBesideProduction): path or folder -> the twin's name. */
  devTwins?: ReadonlyMap<string, string>;
}

export const NO_HINTS: ProjectHints = { scriptFiles: new Map(), entryFiles: new Set() };

const DEV_NAME = /^(local|dev|devel|development)$/i;
const PROD_NAME = /^(production|prod)$/i;
const stem = (name: string) => name.replace(/\.[^.]+$/, '');
const extOf = (name: string) => (/\.[^./]+$/.exec(name)?.[0] ?? '');

/**
 * Development variants kept beside their production twin (cookiecutter-django's compose/local/ beside
 * compose/production/, config/settings/local.py beside production.py, requirements/local.txt beside production.txt):
 * path prefix -> the twin. A deployment builds and runs the production one; the other serves developers' machines.
 */
export function devBesideProduction(files: readonly string[]): Map<string, string> {
  const entries = new Map<string, Set<string>>();
  for (const f of files) {
    const parts = f.split('/');
    for (let i = 0; i < parts.length; i++) {
      const dir = parts.slice(0, i).join('/');
      let set = entries.get(dir);
      if (!set) entries.set(dir, (set = new Set()));
      set.add(i === parts.length - 1 ? (parts[i] as string) : `${parts[i]}/`);
    }
  }
  const out = new Map<string, string>();
  for (const [dir, names] of entries) {
    for (const name of names) {
      const folder = name.endsWith('/');
      const base = folder ? name.slice(0, -1) : stem(name);
      const twin = DEV_NAME.test(base)
        ? [...names].find((n) => (folder ? n.endsWith('/') && PROD_NAME.test(n.slice(0, -1)) : !n.endsWith('/') && extOf(n) === extOf(name) && PROD_NAME.test(stem(n))))
        : undefined;
      // `docker-compose-dev.yml` beside `docker-compose.yml`, `Dockerfile.dev` beside `Dockerfile`: the marked one is
      // the developers' variant of the unmarked file the deployment uses
      const plain = twin || folder ? undefined : unmarked(name);
      const found = twin ?? (plain && names.has(plain) ? plain : undefined) ?? (folder ? undefined : productionImage(name, names));
      if (found) out.set(dir ? `${dir}/${name.replace(/\/$/, '')}` : name.replace(/\/$/, ''), found.replace(/\/$/, ''));
    }
  }
  return out;
}

/**
 * `Dockerfile.server` beside `Dockerfile.server.production` (or `Dockerfile.prod`, `prod.Dockerfile`): the image
 * marked for production is the one deployed, and the unmarked one the developers'. Only image files: a compose file
 * beside a `.prod` one is often its base, layered under it with `-f`, and a plain config module is often shared.
 */
function productionImage(name: string, names: ReadonlySet<string>): string | undefined {
  if (!/^(dockerfile|containerfile)\b|\.(dockerfile|containerfile)$/i.test(name) || PROD_NAME.test(name.split(/[-._]/).pop() ?? '')) return undefined;
  const lower = name.toLowerCase();
  return [...names].find((n) => {
    const l = n.toLowerCase();
    return /^[-._](prod|production)$/.test(l.slice(lower.length)) && l.startsWith(lower) || new RegExp(`^(prod|production)[-._]${lower.replace(/[.]/g, '\\.')}$`).test(l);
  });
}

/** Deployment descriptors, where a `local` variant is the developers' too (in code a `local` module may be a backend). */
const DESCRIPTOR = /^(docker-compose|compose|dockerfile|containerfile)\b/i;

/** The file name without its development marker (`docker-compose-dev.yml` -> `docker-compose.yml`), if it has one. */
function unmarked(name: string): string | undefined {
  const marker = DESCRIPTOR.test(name) ? 'dev|devel|development|local' : 'dev|devel|development';
  const suffixed = new RegExp(`^(.+?)[-._](?:${marker})(\\.[^.]+)?$`, 'i').exec(name);
  if (suffixed) return `${suffixed[1]}${suffixed[2] ?? ''}`;
  return new RegExp(`^(?:${marker})[-._](.+)$`, 'i').exec(name)?.[1];
}

interface SegmentRule {
  names: ReadonlySet<string>;
  /** Folder names of a shape rather than a list (a Django test_project/, an example_app/). */
  pattern?: RegExp;
  context: ExecutionContext;
}

// Checked in this order: third-party code wins over everything, then tests, fixtures, examples, scripts.
const SEGMENT_RULES: readonly SegmentRule[] = [
  {
    context: 'vendored',
    names: new Set(['vendor', 'vendors', 'vendored', 'third_party', 'third-party', 'thirdparty', '__generated__', 'generated']),
  },
  {
    context: 'test',
    names: new Set([
      'test', 'tests', '__tests__', 'spec', 'specs', 'e2e', 'cypress', 'playwright', 'testing', 'test-utils', 'test_utils',
      'testutils', 'test-helpers', 'testhelpers', '__mocks__', 'mocks', 'mock', 'integration-tests', 'functional-tests',
      'unit-tests', 'molecule', 'benchmarks', 'benchmark', 'bench', 'perf-tests', 'load-tests', 'jest', '.storybook', 'stories',
      // load and stress tests (Locust, k6, Artillery): they log in as throwaway users against a test deployment
      'loadtesting', 'load-testing', 'load_testing', 'loadtests', 'load_tests', 'loadtest', 'load-test', 'stress-tests', 'perf_tests', 'locust', 'k6',
      // API contract tests (Dredd replays an API description against a test deployment, with hooks that log in)
      'dredd',
    ]),
    // the project or app a package's test suite runs against (Django's test_project/ with its settings and keys)
    // ... and suites named by kind (tests_integration/, integration_tests/, e2e-tests/, tests-unit/)
    pattern: /^(test|tests|testing)[_-]?(project|proj|app|site|server)s?$|^(tests?[_-](integration|unit|functional|e2e|api|acceptance|system|smoke|regression|performance|load))$|^((integration|unit|functional|e2e|api|acceptance|system|smoke|regression|performance|load)[_-]tests?)$/,
  },
  {
    context: 'fixture',
    names: new Set(['fixtures', '__fixtures__', 'fixture', 'testdata', 'test-data', 'test_data', 'mock-data', 'mockdata', 'fake-data', 'seed-data', 'sample-data', 'dummy-data', 'snapshots', '__snapshots__']),
  },
  {
    context: 'example',
    names: new Set(['examples', 'example', 'docs', 'doc', 'documentation', 'demo', 'demos', 'sample', 'samples', 'tutorial', 'tutorials', 'playground', 'playgrounds', 'cookbook', 'recipes-examples', 'website', 'docs-site', 'storybook']),
    // ... and example apps named by what they show (nestjs-auth-ms-example/, react-demo/, oauth_sample/)
    pattern: /^(example|demo|sample)s?[_-]?(project|proj|app|site|server)s?$|^[\w.-]+[_-](example|examples|demo|sample)$/,
  },
  {
    context: 'script',
    names: new Set([
      'scripts', 'script', 'tools', 'tooling', 'bin', 'hack', 'devtools', 'dev-tools', 'dev', 'devenv', 'devproject', 'dev_project', 'sandbox', '.devcontainer', 'ci', '.ci', '.github', '.circleci', '.gitlab',
      'migrations', 'migration', 'migrate', 'alembic', 'seeds', 'seeders', 'seed', 'release', 'releases', 'deploy', 'deployment',
      'build-tools', 'buildscripts', 'maintenance', 'management', 'cli', 'development', 'devel',
    ]),
    // script folders named by their purpose (scripts-dev/, dev_scripts/, tools-ci/, release-tools/)
    pattern: /^(scripts?|tools?)[_-](dev|devel|ci|build|release|maint|maintenance|util|utils|admin|helpers?)$|^(dev|devel|ci|build|release|maint|maintenance|admin)[_-](scripts?|tools?)$/,
  },
];

// Build and task-runner files named by convention (JS config files, Python packaging and task files).
const WEB_ASSET_DIRS: ReadonlySet<string> = new Set(['public', 'static', 'assets', 'www', 'wwwroot', 'htdocs']);

const SCRIPT_FILE = /^(setup\.py|noxfile\.py|tasks\.py|fabfile\.py|manage\.py|conftest\.py|Gruntfile\.[cm]?[jt]s|gulpfile\.[cm]?[jt]s|Jakefile\.[cm]?[jt]s|[\w.-]+\.config\.[cm]?[jt]s|\.[\w-]+rc\.[cm]?[jt]s|(build|release|publish|bump-version|changelog|deploy|migrate|seed|postinstall|preinstall|prepare)[\w.-]*\.(m?[jt]s|py|sh))$/;
// a development server (hot reload, Vite/webpack middleware) that a --dev flag or a dev script loads
const DEV_SERVER_FILE = /^(dev[-_]?server|devserver|dev[-_]middleware)\.([cm]?[jt]s|py)$/i;
// a bundler's plugin (`vite-plugin-serve-static.ts`, `rollup-plugin-x.js`): it runs inside the dev server or the build
const BUILD_PLUGIN_FILE = /^(vite|rollup|webpack|esbuild|rolldown|rspack|babel|postcss)[-_.]plugin([-_.][\w.-]+)?\.[cm]?[jt]s$/i;
// a cloud development workspace's image and tasks (Gitpod): a developer's machine, not a deployment
const DEV_WORKSPACE_FILE = /^\.gitpod\.(dockerfile|ya?ml)$/i;
// test runners named for running tests (runtests.py, quicktest.py), Locust load tests (locustfile.py), mock data
// modules (mock-events.ts) and the images of an end-to-end test stack (Dockerfile.app.cypress, Dockerfile.e2e)
const TEST_FILE = /^locustfile[\w.-]*\.py$|\.(stories|story)\.[jt]sx?$|(^|[._-])(test|tests|testing|spec|e2e)[._-][^/]*$|^(quick|run|run_|smoke)tests?\.py$|^(mock|mocks|fake|fakes)[._-][^/]*$|^([Dd]ockerfile|[Cc]ontainerfile)([._-][\w-]+)*[._-](test|tests|testing|e2e|cypress|playwright|integration)$/;
/** The reason of a development settings module (severity-policy.ts lowers configuration findings there). */
export const DEV_SETTINGS_REASON = 'development settings';
/** Settings modules for a developer's machine or CI (settings/local_dev.py, settings_dev.py, dev_settings.py). */
const DEV_SETTINGS_FILE = /^((settings|config|conf)[_-](dev|devel|development|local_dev|ci)|(dev|devel|development|local_dev|ci)[_-](settings|config))\.py$/;
/**
 * Configuration files for a developer's machine or a test run, by name: development.ini, local.yaml, test.env,
 * .env.development, pytest.ini/tox.ini (the test runner's environment).
 */
const DEV_CONFIG_FILE = /^((development|devel|dev|local|local[_-]dev|test|testing)\.(ini|cfg|conf|ya?ml|json|toml|env|properties)|\.env\.(development|devel|dev|local|test|testing|ci))$/;
const TEST_RUNNER_CONFIG = /^(pytest|tox)\.ini$/;
/**
 * A configuration file named as an example or sample to copy (`config.example.json`, `oidc-example-google.json`,
 * `.env.example`, `phpunit.xml.dist`, `local_settings.sample.py`): what a deployment starts from, not what it runs.
 */
const EXAMPLE_FILE = /^(?:[^/]*[._-])?(example|examples|sample|samples)(?:[._-][^/]*)?\.(json|ya?ml|toml|ini|cfg|conf|env|properties|xml)$|\.(example|sample|dist|template|tpl)$|[._-](example|sample)\.[a-z0-9]+$/i;
// (a library copied in under its npm name and version: `simple-datatables@10.2.0.js`)
const VENDORED_FILE = /\.(min|bundle|umd|pack)\.[cm]?js$|@\d+\.\d+(\.\d+)?\.[cm]?js$|[._-]pb2(_grpc)?\.py$|\.generated\.[jt]sx?$|\.gen\.[jt]sx?$/;

/** Folders a web app serves or keeps copied browser libraries in. */
const LIBRARY_DIRS: ReadonlySet<string> = new Set([...WEB_ASSET_DIRS, 'contrib', 'lib', 'libs', 'libraries', 'external', 'externals', 'js', 'ngmodules', 'bower_components']);
/** A library's opening banner: its version beside its licence or copyright (`/*! jQuery ... Version: 1.1.2 ... MIT`). */
const BANNER_VERSION = /@version\s+v?\d|\bversion:?\s+v?\d+\.\d+|\bv\d+\.\d+\.\d+/i;
const BANNER_LICENCE = /@license|\blicen[cs]ed?\b|copyright|\(c\)/i;
/**
 * A permissive licence the banner says the file is distributed under (`// Distributed under an MIT license`): a
 * library's notice. Not the Apache per-file boilerplate ("software distributed under the License").
 */
const BANNER_DISTRIBUTED = /\b(distributed|released|available) under (an? |the )?(MIT|BSD|ISC)\b/i;

/**
 * A browser library copied into the project's served assets (static/, public/, contrib/, libraries/...): a JavaScript
 * or CSS file that opens with a comment naming its licence and its version, or saying it is distributed under a
 * permissive licence. Third-party code: its own project maintains it.
 */
export function copiedLibrary(path: string, text: string): ContextInfo | null {
  if (!/\.(js|cjs|mjs|css)$/.test(path)) return null;
  const dirs = path.split('/').slice(0, -1).map((d) => d.toLowerCase());
  if (!dirs.some((d) => LIBRARY_DIRS.has(d))) return null;
  // the opening comment: a block, or a run of line comments
  // (a leading ';' guards a concatenated bundle; `/*!` is the comment minifiers keep: a library's banner by convention)
  const head = /^[\s;]*(\/\*[\s\S]*?\*\/|(?:\/\/[^\n]*\n)+)/.exec(text.slice(0, 3000))?.[1];
  if (!head) return null;
  const preserved = head.startsWith('/*!') && /\bv ?\d+\.\d+/.test(head);
  if (!preserved && (!BANNER_LICENCE.test(head) || !(BANNER_VERSION.test(head) || BANNER_DISTRIBUTED.test(head)))) return null;
  return { context: 'vendored', reason: 'a copied library (its banner names its licence)' };
}

export function classifyPath(path: string, hints: ProjectHints = NO_HINTS): ContextInfo {
  if (hints.entryFiles.has(path)) return { context: 'production', reason: 'started by the start script' };
  const segments = path.split('/');
  const file = segments.pop() ?? path;
  const dirs = segments.map((s) => s.toLowerCase());
  if (VENDORED_FILE.test(file)) return { context: 'vendored', reason: `generated or bundled file ${file}` };
  // Front-end code served to browsers lives under public/, static/ or assets/, whatever its folder is called.
  const servedAsset = dirs.some((d) => WEB_ASSET_DIRS.has(d));
  for (const rule of SEGMENT_RULES) {
    if (servedAsset && rule.context === 'script') continue;
    const hit = dirs.find((d) => rule.names.has(d) || !!rule.pattern?.test(d));
    if (hit) {
      // A Django app's management/ folder holds operator commands only when it has commands/ below it.
      if (hit === 'management' && !dirs.includes('commands')) continue;
      return { context: rule.context, reason: `folder ${hit}/` };
    }
  }
  if (isTestPath(path) || TEST_FILE.test(file)) return { context: 'test', reason: 'test file name' };
  if (EXAMPLE_FILE.test(file)) return { context: 'example', reason: `example file ${file}` };
  const script = hints.scriptFiles.get(path);
  if (script) return { context: 'script', reason: `run by npm script "${script}"` };
  if (SCRIPT_FILE.test(file)) return { context: 'script', reason: `build or task file ${file}` };
  if (DEV_SERVER_FILE.test(file)) return { context: 'script', reason: `development server ${file}` };
  if (BUILD_PLUGIN_FILE.test(file)) return { context: 'script', reason: `bundler plugin ${file}` };
  if (DEV_WORKSPACE_FILE.test(file)) return { context: 'script', reason: `development workspace ${file}` };
  if (TEST_RUNNER_CONFIG.test(file)) return { context: 'test', reason: `test runner configuration ${file}` };
  if (DEV_SETTINGS_FILE.test(file) || DEV_CONFIG_FILE.test(file) || (/^(dev|devel|development|local_dev|ci)\.py$/.test(file) && dirs.at(-1) === 'settings')) {
    return { context: 'script', reason: `${DEV_SETTINGS_REASON} ${file}` };
  }
  const twin = devTwin(path, hints);
  if (twin) {
    // (a settings module is development settings: severity-policy lowers permissive configuration there)
    const settings = /\.py$/.test(file) && /settings|config/i.test(segments.join('/'));
    return { context: 'script', reason: settings ? `${DEV_SETTINGS_REASON} ${twin.at} (production runs ${twin.prod})` : `development variant ${twin.at} (production uses ${twin.prod})` };
  }
  return { context: 'production', reason: 'application code' };
}

/** The development variant a path is or lies in, with its production twin's name. */
function devTwin(path: string, hints: ProjectHints): { at: string; prod: string } | undefined {
  if (!hints.devTwins?.size) return undefined;
  const parts = path.split('/');
  for (let i = 1; i <= parts.length; i++) {
    const at = parts.slice(0, i).join('/');
    const prod = hints.devTwins.get(at);
    if (prod) return { at, prod };
  }
  return undefined;
}

/** Scripts whose command starts the application: their files are production entry points. */
const START_SCRIPT = /^(start|serve|server|prod|production|start:prod|start:production)$/;
const SCRIPT_TARGET = /(?:^|[\s;&|(])(?:node|nodejs|ts-node|tsx|bun|deno run|babel-node|python3?|sh|bash|zx)\s+(?:--?[\w-]+(?:[= ][^\s-][^\s]*)?\s+)*([./\w-]+\.(?:[cm]?[jt]s|py|sh))/g;

/**
 * Reads every package.json's scripts: files run by `npm run <name>` are scripts (paths resolved against that
 * package.json's folder), unless the script starts the application.
 */
export function projectHints(packageJsons: { path: string; text: string }[]): ProjectHints {
  const scriptFiles = new Map<string, string>();
  const entryFiles = new Set<string>();
  for (const pj of packageJsons) {
    let scripts: unknown;
    try {
      scripts = (JSON.parse(pj.text) as { scripts?: unknown }).scripts;
    } catch {
      continue;
    }
    if (!scripts || typeof scripts !== 'object') continue;
    const dir = pj.path.includes('/') ? pj.path.slice(0, pj.path.lastIndexOf('/') + 1) : '';
    for (const [name, command] of Object.entries(scripts as Record<string, unknown>)) {
      if (typeof command !== 'string') continue;
      for (const m of command.matchAll(SCRIPT_TARGET)) {
        const target = normalize(dir + (m[1] ?? ''));
        if (!target) continue;
        if (START_SCRIPT.test(name)) entryFiles.add(target);
        else if (!scriptFiles.has(target)) scriptFiles.set(target, name);
      }
    }
  }
  for (const entry of entryFiles) scriptFiles.delete(entry);
  return { scriptFiles, entryFiles };
}

function normalize(path: string): string | null {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length === 0) return null;
      out.pop();
    } else out.push(part);
  }
  return out.join('/');
}

/** A requirement's name at the start of a line of a requirements file (`urllib3==2.7.0`, `jaraco.context>=5`). */
const REQUIREMENT_LINE = /^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*(?:[<>=!~;#]|$)/gm;

/** Import names a distribution name may stand for: `websocket-client` -> websocket_client, `jaraco.context` -> jaraco. */
function importNames(dist: string): string[] {
  const lower = dist.toLowerCase();
  return [lower.replace(/-/g, '_'), lower.split('.')[0]!.replace(/-/g, '_')];
}

/**
 * Folders that hold copies of the project's own declared Python dependencies (`lib/urllib3/`, `lib/cherrypy/` beside
 * `urllib3==2.7.0` and `cherrypy==18.10.0` in requirements.txt, the folder put on sys.path): at least three of their
 * packages carry a requirement's name, and they make up at least a third of the folder's packages. Every package in
 * such a folder is treated as vendored (a copied library's own code, not the application's).
 */
export function vendoredPackageDirs(files: readonly string[], textOf: (path: string) => string | null): string[] {
  const declared = new Set<string>();
  for (const p of files.filter((f) => /(^|\/)requirements[^/]*\.(txt|in)$/i.test(f))) {
    for (const m of (textOf(p) ?? '').matchAll(REQUIREMENT_LINE)) for (const n of importNames(m[1]!)) declared.add(n);
  }
  if (declared.size === 0) return [];
  const children = new Map<string, Set<string>>();
  const all = new Set(files);
  for (const f of files) {
    const m = /^(.*?)([^/]+)\/__init__\.py$/.exec(f);
    if (!m) continue;
    const parent = m[1]!;
    // a package inside another package is that package's module, not a top-level one
    if (all.has(`${parent}__init__.py`)) continue;
    if (!children.has(parent)) children.set(parent, new Set());
    children.get(parent)!.add(m[2]!.toLowerCase());
  }
  const dirs: string[] = [];
  for (const [parent, pkgs] of children) {
    if (!parent) continue;
    const matched = [...pkgs].filter((p) => declared.has(p)).length;
    if (matched >= 3 && matched * 3 >= pkgs.size) dirs.push(parent);
  }
  return dirs;
}

/** Where behaviour-driven test frameworks keep the code behind a suite's scenarios (Cucumber, behave, pytest-bdd). */
const STEP_DIRS = new Set(['step_definitions', 'step-definitions', 'stepdefinitions', 'steps']);

/**
 * Folders holding a behaviour-driven test suite: Gherkin `.feature` files beside a step-definitions folder
 * (Cucumber's features/ with step_definitions/ and support/world.js, behave's features/ with steps/ and
 * environment.py). Everything below such a folder runs only when the suite runs, whatever the folder is called
 * (features/, features-legacy/, acceptance/). Returned with a trailing slash.
 */
export function bddSuiteDirs(files: readonly string[]): string[] {
  const featureDirs = new Set<string>();
  const stepParents = new Set<string>();
  for (const f of files) {
    const parts = f.split('/');
    if (f.endsWith('.feature')) for (let i = 1; i < parts.length; i++) featureDirs.add(`${parts.slice(0, i).join('/')}/`);
    for (let i = 1; i < parts.length - 1; i++) if (STEP_DIRS.has(parts[i]!.toLowerCase())) stepParents.add(`${parts.slice(0, i).join('/')}/`);
  }
  // the innermost folder that has both: the suite's root
  return [...stepParents].filter((d) => featureDirs.has(d));
}
