// Each class of the keyword rules: a minimal positive and the nearest negative (what must stay quiet), plus the
// severity a reviewer sees (test paths, weak values and environment defaults never above low).
import { afterAll, describe, expect, it } from 'vitest';
import { makeTestContext } from '../../testing/make-context';
import { scan } from '../../scan';
import type { Finding } from '../../types';
import { findSecrets } from './find-secrets';
import { secretsAnalyzer } from './index';
import { tempProject } from '../../testing/temp-project';

// Key-shaped values are assembled at runtime so this source file never contains a complete one.
const k = (...parts: string[]) => parts.join('');
const STRONG = k('q8Xk3LmN', '7pR2sW9yBv4T');
const HEX40 = k('a0b86991c6218b36c1d1', '9d4a2e9eb0ce3606eb48');

const cleanups: (() => void)[] = [];
afterAll(() => cleanups.forEach((c) => c()));

function project(files: Record<string, string>): string {
  const { root, cleanup } = tempProject(files);
  cleanups.push(cleanup);
  return root;
}

async function scanFiles(files: Record<string, string>): Promise<Finding[]> {
  return (await secretsAnalyzer.run(makeTestContext(project(files), 'pro'))).findings;
}

/** rule id and line of each hit in one text. */
const hits = (text: string, path = 'src/app.ts') =>
  findSecrets(text, path, { generic: true }).map((h) => [h.rule.id.replace('secrets/', ''), h.line]);

describe('keyword assignments in code', () => {
  it('reads the value of a name that ends in a credential word, in any syntax', () => {
    expect(hits(`const config = { dbPassword: '${STRONG}' };`)).toEqual([['generic-secret-assignment', 1]]);
    expect(hits(`connect(user="app", password="${STRONG}")`, 'app/db.py')).toEqual([['generic-secret-assignment', 1]]);
    expect(hits(`process.env['PGPASSWORD'] = '${STRONG}';`)).toEqual([['generic-secret-assignment', 1]]);
    expect(hits(`{\n  "mail": { "password": "${STRONG}" }\n}`, 'config/default.json')).toEqual([['generic-secret-assignment', 2]]);
    expect(hits('{\n  "mail": { "password": "" , "passwordField": "pass" }\n}', 'config/default.json')).toEqual([]);
    expect(hits(`if (password === '${STRONG}') ok();`)).toEqual([['generic-secret-assignment', 1]]);
  });

  it('leaves names that only contain the word, and values that are names, types or versions', () => {
    expect(hits("const passwordField = 'password';\nconst access_token_url = 'https://x.test/token';")).toEqual([]);
    expect(hits("const tokenizer = 'bert-base-uncased';\nif (typeof token === 'function') run();")).toEqual([]);
    expect(hits('{ "dependencies": { "jsonwebtoken": "^8.5.1", "generate-password": "~1.3.0" } }', 'package.json')).toEqual([]);
    expect(hits("const form = { reset_password: 'allauth.account.forms.ResetPasswordForm' };")).toEqual([]);
    // string annotations, entry points and import paths, event names, route templates
    expect(hits('class User:\n    export_token: "RelatedManager[ExportAuthToken]"', 'app/models.py')).toEqual([]);
    expect(hits('FACTORIES = {"api-token": "myapp.tests.factories:APIToken"}', 'app/cli.py')).toEqual([]);
    expect(hits("export const events = { onSendingResetPassword: 'onSendingResetPassword', resetToken: 'onResetToken' };")).toEqual([]);
    expect(hits("const routes = { reset_password_token: 'auth/reset_password/:token' };")).toEqual([]);
    // a settings form's field descriptor names the stored secret's field ('accessKeyId'), it does not hold it
    expect(hits("const fields = [{ name: SecretNames.Ses, secretKey: 'spaceUrl' }, { secretKey: 'webhookKey' }];")).toEqual([]);
    // a long word that is none of these is decided at once (the checks have no nested repetition)
    const started = performance.now();
    hits(`const c = { apiToken: '${'qwrtzplkmn'.repeat(8)}/${'qwrtzplkmn'.repeat(8)}!' };`);
    expect(performance.now() - started).toBeLessThan(200);
    // the nearest values that are credentials: mixed case with digits, an opaque bracketed or colon-separated value
    expect(hits("const c = { resetToken: 'onResetT0kenQx7' };")).toEqual([['generic-secret-assignment', 1]]);
    expect(hits(`const c = { apiToken: 'Bearer:${STRONG}' };`)).toEqual([['generic-secret-assignment', 1]]);
  });

  it('treats stand-ins (the word itself, foo/test words, under five characters) as placeholders', () => {
    expect(hits("login({ password: 'password' });\nlogin({ password: 'test123' });\nlogin({ password: 'doe' });")).toEqual([]);
    expect(hits("login({ password: 'pygmalion' });")).toEqual([['generic-secret-assignment', 1]]);
  });

  it('does not read i18n keys that contain TOKEN or PASSWORD as credentials', () => {
    expect(hits('{ "RESET_PASSWORD_TOKEN": "Le jeton a expiré" }', 'src/locales/fr.json')).toEqual([]);
    expect(hits("const messages = { INVALID_TOKEN: 'INVALID_TOKEN', passwordToken: 'password_token' };")).toEqual([]);
    expect(hits(`const keys = { API_TOKEN: '${STRONG}' };`)).toEqual([['generic-secret-assignment', 1]]);
  });

  it('does not report public identifiers: UUIDs, contract addresses, WebAuthn relying-party ids, digests', () => {
    const negatives = [
      "const USDC_TOKEN = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';",
      "const webauthn = { rpID: 'duescan.example', rpName: 'DueScan' };",
      "const session = { token: 'ec38df32-ceda-4cfa-9b4a-1aeb94ad551a' };",
      `const asset = { token: 'sha384-${'oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K'}' };`,
    ];
    expect(hits(negatives.join('\n'))).toEqual([]);
    expect(hits(`const API_TOKEN = '${HEX40}';`)).toEqual([['generic-secret-assignment', 1]]);
  });
});

describe('configuration, CI and SQL', () => {
  it('reads unquoted values in YAML, properties, ini, Dockerfile and docker-compose environment lists', async () => {
    const findings = await scanFiles({
      'deploy/docker-compose.yml': `services:\n  db:\n    environment:\n      - POSTGRES_PASSWORD=${STRONG}\n      - POSTGRES_USER=app\n`,
      'config/app.properties': `db.password=${STRONG}x\ndb.pool=10\n`,
      'config/app.ini': `[db]\npassword = ${STRONG}y\nsort_key = created_at\n`,
      Dockerfile: `FROM node:20\nENV API_TOKEN=${STRONG}z\n`,
    });
    expect(findings.map((f) => [f.location.file, f.location.startLine, f.ruleId])).toEqual([
      ['Dockerfile', 2, 'secrets/config-file-secret'],
      ['config/app.ini', 2, 'secrets/config-file-secret'],
      ['config/app.properties', 1, 'secrets/config-file-secret'],
      ['deploy/docker-compose.yml', 4, 'secrets/config-file-secret'],
    ]);
  });

  it('reads environment assignments and flags inside CI steps, not variable references', () => {
    const ci = [
      'jobs:',
      '  test:',
      '    steps:',
      `      - run: PGPASSWORD=${STRONG} psql -c "select 1"`,
      '      - run: PGPASSWORD=$PGPASS psql -c "select 1"',
      `      - run: python runtests.py --mysql-password=${STRONG}w`,
    ].join('\n');
    expect(hits(ci, '.github/workflows/ci.yml')).toEqual([
      ['shell-env-secret', 4],
      ['shell-env-secret', 6],
    ]);
  });

  it('reads passwords in SQL role statements, not comparisons in queries', () => {
    expect(hits(`db.query("ALTER ROLE app PASSWORD '${STRONG}'")`)).toEqual([['sql-password', 1]]);
    expect(hits(`db.query("SELECT * FROM users WHERE password = ?", [hash])`)).toEqual([]);
    expect(hits(`CREATE USER app\n  WITH LOGIN\n  PASSWORD '${STRONG}';`)).toEqual([['sql-password', 3]]);
    expect(hits(`GRANT ALL ON db.* TO 'app'@'%' IDENTIFIED BY '${STRONG}';`)).toEqual([['sql-password', 1]]);
    // English prose: a docstring saying what something is identified by
    expect(hits(`    point of view of the LMS. In our system that's identified by\n    "${STRONG}".`)).toEqual([]);
  });

  it('a value that says it is none ("notasecret") is no credential', () => {
    expect(hits(`  feature_flags_cookie_secret = "notasecret"`)).toEqual([]);
    expect(hits(`  feature_flags_cookie_secret = "${STRONG}"`)).toEqual([['generic-secret-assignment', 1]]);
  });
});

describe('severity', () => {
  it('a development default behind an environment variable is low, a literal in production settings is medium', async () => {
    const findings = await scanFiles({
      'app/settings.py': [
        'DB_PASSWORD = os.environ.get("DB_PASSWORD", "devpass-local")',
        `SESSION_SECRET = "${STRONG}"`,
      ].join('\n'),
      'server/config.js': "module.exports = { secret: process.env.SESSION_SECRET || 'dev-session-secret' };\n",
    });
    expect(findings.map((f) => [f.location.file, f.location.startLine, f.ruleId, f.severity])).toEqual([
      ['app/settings.py', 1, 'secrets/env-default-secret', 'low'],
      ['app/settings.py', 2, 'secrets/generic-secret-assignment', 'medium'],
      ['server/config.js', 1, 'secrets/env-default-secret', 'low'],
    ]);
    expect(findings[0]?.message).toMatch(/reads this setting from the environment first/);
  });

  it('a keyword match in code is low with a note (weak or random); in an environment file a random one is medium', async () => {
    const findings = await scanFiles({
      'src/db.ts': `export const a = { password: 'supersecret' };\nexport const b = { password: '${STRONG}' };\n`,
      '.env': `DB_PASSWORD=${STRONG}\n`,
      '.env.example': `DB_PASSWORD=${STRONG}y\n`,
    });
    expect(findings.map((f) => [f.location.file, f.location.startLine, f.severity])).toEqual([
      ['.env', 1, 'medium'],
      ['.env.example', 1, 'low'],
      ['src/db.ts', 1, 'low'],
      ['src/db.ts', 2, 'low'],
    ]);
    expect(findings[3]?.message).toMatch(/Found by its name only/);
    expect(findings[2]?.message).toMatch(/short or dictionary-like default/);
  });

  it('a password in a URL is high for a remote host, medium for a local or service host', async () => {
    const findings = await scanFiles({
      'src/db.ts': `export const prod = 'postgres://app:${STRONG}@db.prod.example.net/app';\nexport const dev = 'postgres://app:${STRONG}1@postgres:5432/app';\n`,
    });
    expect(findings.map((f) => [f.location.startLine, f.severity])).toEqual([
      [1, 'high'],
      [2, 'medium'],
    ]);
  });
});

describe('private keys', () => {
  const body = (first: string) => `${first}${'A'.repeat(8)}${k('Qk3LmN7pR2sW9yBv4T', 'c1dZq8Xk3LmN7pR2sW9yBv4Tc1d')}\n`;
  it('points at the BEGIN line of an unencrypted key and skips an encrypted OpenSSH key', () => {
    const header = (kind: string) => k('-----BEGIN ', kind, 'PRIV', 'ATE KEY-----\n');
    expect(hits(`// key\n${header('RSA ')}${body('MIIEow')}`, 'certs/server.key')).toEqual([['private-key', 2]]);
    expect(hits(`${header('OPENSSH ')}${body('b3BlbnNzaC1rZXktdjEAAAAABG5vbmU')}`, 'k/id')).toEqual([['private-key', 1]]);
    expect(hits(`${header('OPENSSH ')}${body('b3BlbnNzaC1rZXktdjEAAAAACmFlczI1Ni1jdHI')}`, 'k/id')).toEqual([]);
  });
});

describe('minified and bundled files', () => {
  it('reports provider-format keys in a minified bundle, not keyword matches', async () => {
    const github = k('ghp_', 'Ab3De5Gh7Jk9Mn1Pq3St5Vw7Yz9Bc1Df3Gh5');
    const minified = `!function(){var a={token:"${github}",password:"${STRONG}"};${'var x=1;'.repeat(700)}}();`;
    const root = project({ 'public/app.js': minified, 'src/index.ts': 'export const x = 1;\n' });
    const report = await scan(root, { package: 'pro', analyzers: ['secrets'], threads: 1 });
    expect(report.skipped.some((s) => s.file === 'public/app.js' && s.reason === 'minified')).toBe(true);
    expect(report.findings.map((f) => [f.location.file, f.ruleId])).toEqual([['public/app.js', 'secrets/github-token']]);
  });
});

describe('placeholders that ask to be replaced', () => {
  it('skips "change this" phrasing and keeps the nearest real-looking value', () => {
    expect(hits("const cfg = { sessionSecret: 'youshouldchangethistosomethingsecret' };")).toEqual([]);
    expect(hits("const cfg = { sessionSecret: 'kT9vQ2mXw8rLzP4s' };")).toEqual([['generic-secret-assignment', 1]]);
  });
});

describe('values that name files or type out the alphabet', () => {
  it('skips a relative document path and a typed alphabet, keeps a random value of the same length', () => {
    expect(hits("nav:\n  - Token: 'models/users/token.md'\n", 'mkdocs.yml')).toEqual([]);
    expect(hits("SECRET_KEY = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'", 'app/settings.py')).toEqual([]);
    expect(hits(`SECRET_KEY = '${STRONG}${STRONG}'`, 'app/settings.py')).toEqual([['generic-secret-assignment', 1]]);
  });
});

describe('template bindings, error codes, test env files and CI', () => {
  it('skips bound template expressions and error-code strings, keeps a literal beside them', () => {
    const vue = `<pdf-viewer [password]="pdfPassword()" @delete-access-token="confirmDelete" />\n<script>\nconst password = '${STRONG}';\n</script>\n`;
    expect(hits(vue, 'src/Viewer.vue')).toEqual([['generic-secret-assignment', 3]]);
    expect(hits("export const INVALID_ACCESS_TOKEN = 'auth/invalid_access_token' as const;")).toEqual([]);
  });

  it('reports .env.test and CI literals at low, and a provider key in CI at its own severity', async () => {
    const github = k('ghp_', 'Ab3De5Gh7Jk9Mn1Pq3St5Vw7Yz9Bc1Df3Gh5');
    const findings = await scanFiles({
      '.env.test': `SECRET_KEY=${STRONG}\n`,
      '.github/workflows/ci.yml': `env:\n  SECRET_KEY: ${STRONG}q\n  GH_TOKEN: ${github}\n`,
      '.env': `SECRET_KEY=${STRONG}w\n`,
    });
    expect(findings.map((f) => [f.location.file, f.location.startLine, f.severity])).toEqual([
      ['.env', 1, 'medium'],
      ['.env.test', 1, 'low'],
      ['.github/workflows/ci.yml', 2, 'low'],
      ['.github/workflows/ci.yml', 3, 'critical'],
    ]);
  });
});

describe('publishable keys, test-mode keys, setting lists and development settings', () => {
  it('skips keys made to be public and short setting lists; keeps the secret key next to them', () => {
    const code = [
      `const STRIPE_PUBLISHABLE_KEY = '${k('pk_live_', STRONG)}';`,
      `const POSTHOG_API_KEY = '${k('phc_', STRONG)}';`,
      "const RATELIMITS = { reset_password: '1/m/ip,1/m/key' };",
      `const STRIPE_SECRET_KEY = '${STRONG}';`,
    ].join('\n');
    expect(hits(code)).toEqual([['generic-secret-assignment', 4]]);
  });

  it('a test-mode key is low; development settings files are low as likely test credentials', async () => {
    const findings = await scanFiles({
      'billing/services.py': 'stripe.api_key = "sk_test_123"\n',
      'settings/local_dev.py': `SECRET_KEY = '${STRONG}'\n`,
      'settings/production.py': `SECRET_KEY = '${STRONG}x'\n`,
    });
    expect(findings.map((f) => [f.location.file, f.severity])).toEqual([
      ['billing/services.py', 'low'],
      ['settings/local_dev.py', 'low'],
      ['settings/production.py', 'medium'],
    ]);
    expect(findings[0]?.message).toContain('test-mode key');
  });
});

describe('translations', () => {
  it('skips language catalogues and non-ASCII words, keeps an ASCII key in code', () => {
    expect(hits('{ "password": "Contrasenya1" }', 'public/language/es/register.json')).toEqual([]);
    expect(hits("const labels = { password: 'Slaptažodis' };")).toEqual([]);
    expect(hits(`const cfg = { password: '${STRONG}' };`)).toEqual([['generic-secret-assignment', 1]]);
  });
});

describe('JSON Web Tokens', () => {
  const jwt = k(
    Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url'),
    '.',
    Buffer.from('{"sub":"42","iat":1516239022}').toString('base64url'),
    '.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
  );
  it('skips an OpenAPI example value, reports the same token assigned in code', () => {
    expect(hits(`components:\n  schemas:\n    Token:\n      example: '${jwt}'\n`, 'openapi/spec.yml')).toEqual([]);
    expect(hits(`const session = '${jwt}';`)).toEqual([['jwt', 1]]);
  });
});

describe('weak signing keys', () => {
  it('keeps a weak session signing key at medium while a weak password is low', async () => {
    const findings = await scanFiles({ 'app/__init__.py': "app.config['SECRET_KEY'] = 'supersecret'\nADMIN_PASSWORD = 'supersecret1'\n" });
    expect(findings.map((f) => [f.location.startLine, f.severity])).toEqual([
      [1, 'medium'],
      [2, 'low'],
    ]);
  });
});
