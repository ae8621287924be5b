// Anchor tools of bench/vuln-apps, run on the same extracted projects: ESLint with eslint-plugin-security and
// eslint-plugin-no-unsanitized for JavaScript projects, Bandit (Debian python3-bandit) for Python projects.
// Their rule ids are mapped to CWEs so a hit counts by the same ±2 line / CWE-family rule as DueScan's.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Hit } from './match';

/** CWE per eslint-plugin-security / eslint-plugin-no-unsanitized rule (from each rule's documentation). */
const ESLINT_CWE: Record<string, string> = {
  'security/detect-unsafe-regex': 'CWE-1333',
  'security/detect-non-literal-regexp': 'CWE-1333',
  'security/detect-non-literal-require': 'CWE-95',
  'security/detect-non-literal-fs-filename': 'CWE-22',
  'security/detect-eval-with-expression': 'CWE-95',
  'security/detect-pseudoRandomBytes': 'CWE-338',
  'security/detect-possible-timing-attacks': 'CWE-208',
  'security/detect-no-csrf-before-method-override': 'CWE-352',
  'security/detect-buffer-noassert': 'CWE-119',
  'security/detect-child-process': 'CWE-78',
  'security/detect-disable-mustache-escape': 'CWE-79',
  'security/detect-object-injection': 'CWE-915',
  'security/detect-new-buffer': 'CWE-119',
  'security/detect-bidi-characters': 'CWE-451',
  'no-unsanitized/method': 'CWE-79',
  'no-unsanitized/property': 'CWE-79',
};

/** CWE per Bandit test id, as assigned by Bandit >= 1.7.3 (Debian's 1.6 reports no CWE). */
const BANDIT_CWE: Record<string, string> = {
  B101: 'CWE-703', B102: 'CWE-78', B103: 'CWE-732', B104: 'CWE-605', B105: 'CWE-259', B106: 'CWE-259', B107: 'CWE-259',
  B108: 'CWE-377', B110: 'CWE-703', B112: 'CWE-703', B201: 'CWE-94', B301: 'CWE-502', B302: 'CWE-502', B303: 'CWE-328',
  B304: 'CWE-327', B305: 'CWE-327', B306: 'CWE-377', B307: 'CWE-78', B308: 'CWE-79', B310: 'CWE-22', B311: 'CWE-330',
  B312: 'CWE-319', B313: 'CWE-20', B314: 'CWE-20', B315: 'CWE-20', B316: 'CWE-20', B317: 'CWE-20', B318: 'CWE-20',
  B319: 'CWE-20', B320: 'CWE-20', B321: 'CWE-319', B323: 'CWE-295', B324: 'CWE-327', B401: 'CWE-319', B402: 'CWE-319',
  B403: 'CWE-502', B404: 'CWE-78', B405: 'CWE-20', B406: 'CWE-20', B407: 'CWE-20', B408: 'CWE-20', B409: 'CWE-20',
  B410: 'CWE-20', B411: 'CWE-20', B412: 'CWE-20', B413: 'CWE-327', B501: 'CWE-295', B502: 'CWE-327', B503: 'CWE-327',
  B504: 'CWE-327', B505: 'CWE-326', B506: 'CWE-20', B507: 'CWE-295', B601: 'CWE-78', B602: 'CWE-78', B603: 'CWE-78',
  B604: 'CWE-78', B605: 'CWE-78', B606: 'CWE-78', B607: 'CWE-78', B608: 'CWE-89', B609: 'CWE-78', B610: 'CWE-89',
  B611: 'CWE-89', B701: 'CWE-94', B702: 'CWE-80', B703: 'CWE-80',
};

const ANCHOR_DIR = '/work/ext/vuln-apps/anchor';

/** Installs the pinned anchor plugins (bench/vuln-apps/anchor/package*.json) outside the repo, once. */
export function ensureEslintAnchor(pinned: string): string {
  const marker = join(ANCHOR_DIR, 'node_modules/eslint-plugin-security/package.json');
  if (!existsSync(marker)) {
    mkdirSync(ANCHOR_DIR, { recursive: true });
    for (const f of ['package.json', 'package-lock.json']) writeFileSync(join(ANCHOR_DIR, f), readFileSync(join(pinned, f)));
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: ANCHOR_DIR, stdio: 'inherit' });
  }
  const version = (name: string) => (JSON.parse(readFileSync(join(ANCHOR_DIR, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
  return `ESLint ${version('eslint')} + security ${version('eslint-plugin-security')} + no-unsanitized ${version('eslint-plugin-no-unsanitized')}`;
}

/** The ESLint command line (config written beside the anchor install) that runs in a project's folder. */
export function eslintAnchorCommand(): { cmd: string; args: string[] } {
  const config = join(ANCHOR_DIR, 'eslint.config.mjs');
  writeFileSync(
    config,
    [
      "import security from 'eslint-plugin-security';",
      "import nounsanitized from 'eslint-plugin-no-unsanitized';",
      'export default [',
      "  { ignores: ['**/node_modules/**', '**/*.min.js'] },",
      "  { files: ['**/*.{js,cjs,mjs,jsx,ts,tsx}'], languageOptions: { ecmaVersion: 'latest', sourceType: 'module', parserOptions: { ecmaFeatures: { jsx: true } } } },",
      '  security.configs.recommended,',
      '  nounsanitized.configs.recommended,',
      '];',
    ].join('\n'),
  );
  return { cmd: join(ANCHOR_DIR, 'node_modules/.bin/eslint'), args: ['--config', config, '--no-config-lookup', '--format', 'json', '--no-warn-ignored', '.'] };
}

export function eslintAnchor(dir: string): Hit[] {
  const { cmd, args } = eslintAnchorCommand();
  const r = spawnSync(cmd, args, {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  // ESLint exits 1 when it reports problems; its JSON is complete either way.
  const results = JSON.parse(r.stdout || '[]') as { filePath: string; messages: { ruleId: string | null; line: number }[] }[];
  return results.flatMap((f) =>
    f.messages.flatMap((m) => {
      const cwe = m.ruleId ? ESLINT_CWE[m.ruleId] : undefined;
      return cwe ? [{ file: relative(dir, f.filePath), line: m.line, cwes: [cwe], rule: m.ruleId as string }] : [];
    }),
  );
}

export function banditVersion(): string {
  const r = spawnSync('bandit', ['--version'], { encoding: 'utf8' });
  if (r.error) throw new Error('Bandit not found: apt-get install python3-bandit');
  return `Bandit ${/bandit (\S+)/.exec(r.stdout)?.[1] ?? '?'}`;
}

export function banditAnchor(dir: string): Hit[] {
  const r = spawnSync('bandit', ['-r', '.', '-f', 'json', '-q'], { cwd: dir, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const json = JSON.parse(r.stdout || '{}') as { results?: { filename: string; test_id: string; line_number: number; issue_cwe?: { id: number } }[] };
  return (json.results ?? []).flatMap((x) => {
    const cwe = x.issue_cwe ? `CWE-${x.issue_cwe.id}` : BANDIT_CWE[x.test_id];
    return cwe ? [{ file: x.filename.replace(/^\.\//, ''), line: x.line_number, cwes: [cwe], rule: x.test_id }] : [];
  });
}
