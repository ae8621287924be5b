import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTestContext } from '../../testing/make-context';
import type { Finding, Tier } from '../../types';
import { secretsAnalyzer } from './index';

// Key-shaped values are assembled at runtime so this source file never contains a complete one.
const k = (...parts: string[]) => parts.join('');
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const HEX = '0123456789abcdef';
/** Deterministic random-looking text of an exact length (a tiny LCG), for key formats with fixed sizes. */
function fake(length: number, alphabet = ALNUM, seed = length): string {
  let x = seed * 2654435761;
  let out = '';
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out += alphabet[(x >>> 16) % alphabet.length];
  }
  return out;
}
const AWS_ID = k('AKIA', fake(16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'));
const AWS_SECRET = fake(40, `${ALNUM}/+`);
const STRIPE = k('sk_live_', fake(40));
const GITHUB = k('ghp_', fake(36, ALNUM, 7));

const work = mkdtempSync(join(tmpdir(), 'duescan-secrets-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let n = 0;
function project(files: Record<string, string>): string {
  const root = join(work, `p${n++}`);
  mkdirSync(root, { recursive: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

async function scanFiles(files: Record<string, string>, tier: Tier = 'pro'): Promise<Finding[]> {
  return (await secretsAnalyzer.run(makeTestContext(project(files), tier))).findings;
}

describe('secrets analyzer', () => {
  it('a 40-letter identifier after "aws...secret" (generated GraphQL types) is not a secret key', async () => {
    const line = 'export type X = { createNewAwsSecretsSync: CreateNewAwsSecretsSyncMutation, CreateNewAwsSecretsSyncMutationVariables };\n';
    expect((await scanFiles({ 'src/graphql.ts': line })).map((f) => f.ruleId)).toEqual([]);
  });

  it('the key ID inside a pre-signed URL is the public half of a short-lived signature; a bare key ID is still found', async () => {
    const url = `https://bucket.s3.amazonaws.com/a.png?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=${AWS_ID}%2F20241220%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Expires=300`;
    expect((await scanFiles({ 'deploy/app.yaml': `screenshot: "${url}"\n` })).map((f) => f.ruleId)).toEqual([]);
    expect((await scanFiles({ 'deploy/app.yaml': `access_key: "${AWS_ID}"\n` })).map((f) => f.ruleId)).toEqual(['secrets/aws-access-key-id']);
  });

  it('finds an AWS key pair in src/ and never reveals the values', async () => {
    const findings = await scanFiles({
      'src/config.ts': `export const aws = {\n  accessKeyId: '${AWS_ID}',\n  aws_secret_access_key: "${AWS_SECRET}",\n};\n`,
    });
    expect(findings.map((f) => [f.ruleId, f.severity, f.location.startLine])).toEqual([
      ['secrets/aws-access-key-id', 'high', 2],
      ['secrets/aws-secret-access-key', 'critical', 3],
    ]);
    const [id] = findings;
    expect(id).toMatchObject({ category: 'secrets', confidence: 'high', cwe: ['CWE-798'], snippet: "accessKeyId: 'AKIA…'," });
    expect(id?.owasp[0]).toMatch(/^A07:2021/);
    expect(id?.fix.guidance).toMatch(/IAM/);
    const serialized = JSON.stringify(findings);
    expect(serialized).not.toContain(AWS_ID);
    expect(serialized).not.toContain(AWS_SECRET);
    expect(serialized).not.toContain(AWS_ID.slice(4));
  });

  it('does not report placeholders, documentation keys or environment references', async () => {
    const findings = await scanFiles({
      'src/settings.py': [
        `AWS_ACCESS_KEY_ID = "${k('AKIAIOSF', 'ODNN7EXAMPLE')}"`,
        'password = "changeme"',
        'api_key = "<your-key>"',
        'token = "${API_TOKEN}"',
        'secret = "xxxxxxxxxxxxxxxx"',
        'password = os.environ["DB_PASSWORD"]',
        'client_secret = "your_client_secret_here"',
        'password = "password123"',
        `stripe_key = "${k('sk_live_', 'XXXXXXXXXXXXXXXXXXXXXXXX')}"`,
        'DATABASE_URL = "postgres://app:${DB_PASSWORD}@db:5432/app"',
        'REDIS = "redis://user:password@localhost:6379"',
        "esc_token = '\\\\[0-9a-f]{1,6}(?:\\\\r\\\\n|\\\\s)?'",
        // runs of the alphabet and the digits interleaved: typed by hand, never generated
        `aws_secret_access_key = "${k('abcd1234efgh5678ijkl', '9012mnop3456qrst7890')}"`,
      ].join('\n'),
      '.env.example': 'SECRET_KEY=replace-with-a-random-value\n',
    });
    expect(findings).toEqual([]);
  });

  it('reports credentials in test, example and docs paths at low, as likely test credentials', async () => {
    const findings = await scanFiles({
      'tests/fixtures/payments.ts': `const key = '${STRIPE}';\nconst password = 'Zx9$kLq2!vB7rT4p';\n`,
      'README.md': `Connect with \`postgres://app:${k('Tr0ub4dor', '&3xK9')}@db.example.net/app\`.\n`,
      'src/payments.ts': `const key = '${STRIPE}';\n`,
      // a Gherkin scenario (behave, cucumber) is a test specification wherever it sits
      'sample_conf/payments.js': `const key = '${STRIPE}';\n`,
      'docker/ci.env': `STRIPE_KEY=${STRIPE}\n`,
      'features/auth.feature': `Scenario: client\n  Given "clients"\n    """\n    [{"name": "t", "key": "${STRIPE}"}]\n    """\n`,
    });
    expect(findings.map((f) => [f.location.file, f.ruleId, f.severity, f.confidence])).toEqual([
      ['README.md', 'secrets/connection-string-password', 'low', 'low'],
      ['docker/ci.env', 'secrets/stripe-live-key', 'low', 'low'],
      ['features/auth.feature', 'secrets/stripe-live-key', 'low', 'low'],
      ['sample_conf/payments.js', 'secrets/stripe-live-key', 'low', 'low'],
      ['src/payments.ts', 'secrets/stripe-live-key', 'critical', 'high'],
      ['tests/fixtures/payments.ts', 'secrets/stripe-live-key', 'low', 'low'],
      ['tests/fixtures/payments.ts', 'secrets/generic-secret-assignment', 'low', 'low'],
    ]);
    for (const f of findings.filter((x) => x.location.file !== 'src/payments.ts')) {
      expect(f.message).toContain('likely test credential');
      expect(f.properties?.likelyTestCredential).toBe(true);
    }
  });

  it('a key under a comment calling it an example or test value is reported at low; under another comment, at its severity', async () => {
    const sample = (comment: string) => `${comment}\nSLACK_OAUTH_RESPONSE = {\n    "ok": True,\n    "access_token": "${k('xoxb-', '17653672481-19874698323-', fake(24))}",\n}\n`;
    const severity = async (comment: string) => (await scanFiles({ 'app/constants/slack.py': sample(comment) })).map((f) => `${f.ruleId}:${f.severity}`);
    expect(await severity('# Example of a slack oauth response to be used in tests.\n# It contains NO actual tokens, got it from slack docs.')).toEqual(['secrets/slack-token:low']);
    expect(await severity('# The workspace bot of the support team.')).toEqual(['secrets/slack-token:high']);
  });

  it('skips lockfiles and respects allow markers', async () => {
    const findings = await scanFiles({
      'package-lock.json': `{"integrity": "sha512-${'a1B2'.repeat(20)}", "token": "${STRIPE}"}`,
      'src/a.ts': `const key = '${STRIPE}'; // gitleaks:allow\n`,
    });
    expect(findings).toEqual([]);
  });

  it("a value the project's .gitleaks.toml allowlists is reported at low, never dropped; another value keeps its severity", async () => {
    const other = k('AKIA', fake(16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 9));
    const findings = await scanFiles({
      '.gitleaks.toml': `[allowlist]\n  # bogus test keys of the CI storage container\n  regexes = ['''${AWS_ID}''']\n`,
      'ci_config.yml': `storage:\n  access_key: "${AWS_ID}"\n  other_key: "${other}"\n`,
    });
    expect(findings.map((f) => `${f.location.file}:${f.location.startLine}:${f.severity}`).sort()).toEqual(['.gitleaks.toml:3:low', 'ci_config.yml:2:low', 'ci_config.yml:3:high']);
  });

  it("the storage emulator's published development account and bracketed slots are not secrets; another account's key is", async () => {
    const azureKey = fake(86, `${ALNUM}/+`, 3);
    const conn = (account: string) => `STORAGE = "DefaultEndpointsProtocol=http;AccountName=${account};AccountKey=${azureKey}==;BlobEndpoint=http://azurite:10000/${account};"\n`;
    expect(await scanFiles({ 'app/settings.py': conn('devstoreaccount1') })).toEqual([]);
    expect((await scanFiles({ 'app/settings.py': conn('contosoprod') })).map((f) => f.ruleId)).toEqual(['secrets/azure-storage-key']);
    expect(await scanFiles({ 'src/i18n/de.json': '{"urlPlaceholder": "rtsp://[Benutzername]:[Passwort]@[Kamera-IP]:554/Media"}\n' })).toEqual([]);
    expect((await scanFiles({ 'src/camera.json': `{"url": "rtsp://admin:${fake(14)}@camera.example.org:554/Media"}\n` })).map((f) => f.ruleId)).toEqual(['secrets/connection-string-password']);
  });

  const jwt = k(
    Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url'),
    '.',
    Buffer.from('{"sub":"1234567890","name":"Jane","iat":1516239022}').toString('base64url'),
    '.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
  );
  const pem = k('-----BEGIN RSA PRIV', 'ATE KEY-----\n', 'MIIEowIBAAKCAQEA7bq3rLmP2vW9sXk4T8yZ1nQ0cR5fH3jK6gD2aE9uV7bN1mC4', '\n-----END RSA PRIV', 'ATE KEY-----\n');
  it.each([
    ['secrets/github-token', `GITHUB_TOKEN = "${GITHUB}"`],
    ['secrets/gitlab-token', `token: ${k('glpat-', 'x9Yk2LmQ7rT4vB8nW3pZ')}`],
    ['secrets/slack-token', `slack = "${k('xoxb-', '2048917341-4839201746-QzX8vT3kLmN7pR2sW9yB')}"`],
    ['secrets/slack-webhook', `url = "${k('https://hooks.slack.com/services/', 'T0A1B2C3D/B4E5F6G7H/', 'Zq8Xk3LmN7pR2sW9yBv4Tc1d')}"`],
    ['secrets/sendgrid-api-key', `key = "${k('SG.', 'aB3dE5gH7jK9mN1pQ3sT5v', '.', 'wX7zA9cE1gI3kM5oQ7sU9wY1aC3eG5iK7mO9qS1uW3y')}"`],
    ['secrets/mailgun-api-key', `MAILGUN = "${k('key-', fake(32, HEX))}"`],
    ['secrets/npm-token', `//registry.npmjs.org/:_authToken=${k('npm_', 'Ab3De5Gh7Jk9Mn1Pq3St5Vw7Yz9Bc1Df3Gh5')}`],
    ['secrets/openai-api-key', `OPENAI_API_KEY = "${k('sk-proj-', 'Ab3De5Gh7Jk9Mn1Pq3St5Vw7Yz9Bc1Df3Gh5Jk7Lm9Np1Qr')}"`],
    ['secrets/anthropic-api-key', `key = "${k('sk-ant-api03-', 'Ab3De5Gh7Jk9Mn1Pq3St5Vw7Yz9Bc1Df3Gh5Jk7Lm9Np1Qr3St5Vw7Yz9Bc1Df3Gh5Jk7Lm9Np1Qr3St5Vw7Yz9Bc1Df3')}"`],
    ['secrets/gcp-api-key', `const maps = '${k('AIza', fake(35))}';`],
    ['secrets/gcp-service-account-key', `{"type": "service_account", "private_key_id": "${k('3f9a1c7e5b2d8f4a6c0e', '9b1d3f5a7c9e1b3d5f7a')}"}`],
    ['secrets/azure-storage-key', `conn = "DefaultEndpointsProtocol=https;AccountName=x;AccountKey=${fake(86, `${ALNUM}+/`)}=="`],
    ['secrets/twilio-api-key', `twilio_auth_token = "${k('9f8e7d6c5b4a', '39281706f5e4d3c2b1a0')}"`],
    ['secrets/private-key', pem],
    ['secrets/jwt', `const session = "${jwt}";`],
    ['secrets/connection-string-password', `DATABASE_URL = "${k('postgres://app:', 'Tr0ub4dor&3xK9', '@db.internal:5432/app')}"`],
    ['secrets/generic-secret-assignment', `client_secret = "${k('q8Xk3LmN', '7pR2sW9yBv4T')}"`],
  ])('%s is detected', async (ruleId, line) => {
    const findings = await scanFiles({ 'src/app.py': `${line}\n` });
    expect(findings.map((f) => f.ruleId)).toEqual([ruleId]);
    expect(findings[0]?.snippet).not.toContain(line.length > 40 ? line.slice(line.length - 30) : '\u0000');
  });

  it('an expired JWT (exp in the past) is low; one that has not expired stays medium', async () => {
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const token = (exp: number) => k(b64({ alg: 'HS256', typ: 'JWT' }), '.', b64({ sub: 'u-81920', exp }), '.', fake(43, `${ALNUM}-_`));
    const severityOf = async (exp: number) => (await scanFiles({ 'src/image.js': `const img = 'https://images.example.net/a.png?jwt=${token(exp)}';\n` })).map((f) => `${f.ruleId}:${f.severity}`);
    expect(await severityOf(1734700000)).toEqual(['secrets/jwt:low']);
    expect(await severityOf(4102444800)).toEqual(['secrets/jwt:medium']);
  });

  it("a Google API key in a Firebase web configuration is a public project identifier (low); alone it stays medium", async () => {
    const key = k('AIza', fake(35));
    const config = `const app = initializeApp({\n  apiKey: '${key}',\n  authDomain: 'demo.firebaseapp.com',\n  projectId: 'demo',\n  messagingSenderId: '1234',\n  appId: '1:1234:web:abcd',\n});\n`;
    expect((await scanFiles({ 'src/firebase.js': config })).map((f) => `${f.ruleId}:${f.severity}`)).toEqual(['secrets/gcp-api-key:low']);
    expect((await scanFiles({ 'src/maps.js': `const maps = '${key}';\n` })).map((f) => `${f.ruleId}:${f.severity}`)).toEqual(['secrets/gcp-api-key:medium']);
  });

  it("jwt.io's worked example token (sub 1234567890, name John Doe) is a sample, not a session", async () => {
    const sample = k(Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url'), '.', Buffer.from('{"sub":"1234567890","name":"John Doe","iat":1516239022}').toString('base64url'), '.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c');
    expect(await scanFiles({ 'src/app.py': `const session = "${sample}";\n` })).toEqual([]);
  });

  it('masks the rest of a one-line key in the snippet', async () => {
    const body = [fake(64, `${ALNUM}+/`, 1), fake(64, `${ALNUM}+/`, 2), fake(40, `${ALNUM}+/`, 3)];
    const header = k('-----BEGIN PRIV', 'ATE KEY-----');
    const json = `{"type": "service_account", "private_key": "${header}\\n${body.join('\\n')}\\n-----END PRIV${'ATE KEY-----'}\\n"}`;
    const findings = await scanFiles({ 'deploy/sa.json': json });
    expect(findings.map((f) => f.ruleId)).toEqual(['secrets/private-key']);
    for (const part of body) expect(findings[0]?.snippet).not.toContain(part.slice(4, 30));
  });

  it("a key file named for the developer's machine (localhost.pem) is reported at low; the same key as server.key is high", async () => {
    const findings = await scanFiles({ 'apps/client/localhost.pem': `${pem}\n`, 'deploy/server.key': `${pem}\n` });
    expect(findings.map((f) => [f.location.file, f.severity])).toEqual([
      ['apps/client/localhost.pem', 'low'],
      ['deploy/server.key', 'high'],
    ]);
  });

  // Certificates are public; these two were made for this test: a self-signed root and a server certificate it issued.
  const SELF_SIGNED_CA = `-----BEGIN CERTIFICATE-----
MIIBezCCASGgAwIBAgIUZnyu/EhnbVwoDJ+vy/ctoz4mx/EwCgYIKoZIzj0EAwIw
EjEQMA4GA1UEAwwHRGVtbyBDQTAgFw0yNjEyMDYxNjAxMTFaGA8yMTI2MTExMjE2
MDExMVowEjEQMA4GA1UEAwwHRGVtbyBDQTBZMBMGByqGSM49AgEGCCqGSM49AwEH
A0IABG2uXA1oWFGREqsH7Yh+kKKvISEi5/iWmAP3tKFtah1pLVfn2YD7LrOOFs5L
gjtMbS+e19Wd1UefDAjTXMjhqmijUzBRMB0GA1UdDgQWBBRZjU025rZZagaXZ/1V
A7HVDPIwfjAfBgNVHSMEGDAWgBRZjU025rZZagaXZ/1VA7HVDPIwfjAPBgNVHRMB
Af8EBTADAQH/MAoGCCqGSM49BAMCA0gAMEUCIE0wHDLFbJeb55dfRG+8X/6mwXp3
5lMWxvtgBYYY+UASAiEAgpJrI1U17/x1IxrsD6QBBjyMpxrBkKlvZPY6CReI/lc=
-----END CERTIFICATE-----\n`;
  const ISSUED_BY_CA = `-----BEGIN CERTIFICATE-----
MIIBJDCBywIUWV6eZ1fYrcVQOfeG76YAfPq8ZnowCgYIKoZIzj0EAwIwEjEQMA4G
A1UEAwwHRGVtbyBDQTAgFw0yNjEyMDYxNjAxMTFaGA8yMTI2MTExMjE2MDExMVow
FjEUMBIGA1UEAwwLYXBwLmV4YW1wbGUwWTATBgcqhkjOPQIBBggqhkjOPQMBBwNC
AATFxcYDdDEkos31dzZ5JUkXv1LMmPFeO6h1emPdrBCeNuDw+9he97Hi6UcMEiyV
fgna8dXZH49f8BbAQIShSeLOMAoGCCqGSM49BAMCA0gAMEUCIHFtNzn4b0yIJC3s
1Z/ffhoPnWEajvPLrH/00JI+OybuAiEAlY96Qo5cRYBmTJaGCIVzFl8LO4jTRmdn
eGdfS1dnCHU=
-----END CERTIFICATE-----\n`;
  it('a key beside a self-signed certificate is demo TLS material (low); beside only a CA-issued certificate it stays high', async () => {
    const findings = await scanFiles({
      'conf/start/tls/server.key': `${pem}\n`,
      'conf/start/tls/ca.crt': SELF_SIGNED_CA,
      'conf/start/tls/server.crt': ISSUED_BY_CA,
      'deploy/tls/server.key': `${pem}\n`,
      'deploy/tls/server.crt': ISSUED_BY_CA,
    });
    expect(findings.map((f) => [f.location.file, f.severity])).toEqual([
      ['conf/start/tls/server.key', 'low'],
      ['deploy/tls/server.key', 'high'],
    ]);
    expect(findings[0]?.message).toContain('self-signed certificate');
  });

  it('reads unquoted secrets from configuration files, not from code', async () => {
    const env = `DB_PASSWORD=${k('Tr0ub4dor', '&3xK9q')}\nDEBUG=true\n`;
    const findings = await scanFiles({ '.env': env, 'src/notes.py': env });
    expect(findings.map((f) => [f.location.file, f.ruleId])).toEqual([['.env', 'secrets/config-file-secret']]);
  });

  it('a variable a front-end build inlines into the browser bundle (VITE_, NEXT_PUBLIC_) is public by design; a server one is not', async () => {
    const value = k('q8Vd2LmZ', 'x7Rt4NpK');
    const findings = await scanFiles({ 'web/.env.production': `VITE_CALLBACK_KEY=${value}\nNEXT_PUBLIC_MAPS_KEY=${value}\nCALLBACK_KEY=${value}\n` });
    expect(findings.map((f) => [f.location.file, f.location.startLine, f.ruleId])).toEqual([['web/.env.production', 3, 'secrets/config-file-secret']]);
  });

  it('ignores key headers in code, malformed JWTs and low-entropy words', async () => {
    const findings = await scanFiles({
      'src/keys.ts': [
        "if (pem.startsWith('-----BEGIN PRIVATE KEY-----')) parse(pem);",
        `const t = "eyJub3QganNvbiBhdCBhbGw.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abcdefghijklmno";`,
        'const tokenizer = "bert-base-uncased";',
        'const secretName = "app.payments.key";',
      ].join('\n'),
      'lib/header_parser.py': "token_type = 'quoted-string'\nsecret_kind = 'refresh_token'\n",
    });
    expect(findings).toEqual([]);
  });

  it('reports one finding per value per file, with every line it occurs on and a stable id', async () => {
    const files = { 'src/a.ts': `const a = '${STRIPE}';\nconst b = '${STRIPE}';\n` };
    const first = await scanFiles(files);
    expect(first).toHaveLength(1);
    expect(first[0]?.properties?.occurrences).toBe(2);
    expect(first[0]?.properties?.lines).toEqual(['1', '2']);
    const shifted = await scanFiles({ 'src/a.ts': `\n\n${files['src/a.ts']}` });
    expect(shifted[0]?.id).toBe(first[0]?.id);
    expect(shifted[0]?.location.startLine).toBe(3);
  });
});

describe('secrets in git history (Ultra)', () => {
  const git = (root: string, ...args: string[]) =>
    execFileSync('git', ['-C', root, '-c', 'user.name=T', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args], { stdio: 'pipe' }).toString();

  const root = project({});
  git(root, 'init', '-q');
  writeFileSync(join(root, 'deploy.sh'), `export GITHUB_TOKEN=${GITHUB}\n`);
  writeFileSync(join(root, 'app.ts'), `const key = '${STRIPE}';\n`);
  git(root, 'add', '.');
  git(root, 'commit', '-q', '-m', 'add deploy');
  const introducing = git(root, 'rev-parse', 'HEAD').trim();
  unlinkSync(join(root, 'deploy.sh'));
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'remove token');

  const run = async (tier: Tier) => {
    const ctx = makeTestContext(root, tier);
    return secretsAnalyzer.run({ ...ctx, hasGit: true });
  };

  it('reports a removed secret with its commit, once, and not the ones still present', async () => {
    const result = await run('ultra');
    const history = result.findings.filter((f) => f.properties?.inHistoryOnly);
    expect(history.map((f) => [f.ruleId, f.location.file, f.location.startLine, f.properties?.commit])).toEqual([
      ['secrets/github-token', 'deploy.sh', 1, introducing],
    ]);
    expect(history[0]?.message).toContain(introducing.slice(0, 8));
    expect(JSON.stringify(history)).not.toContain(GITHUB.slice(4));
    expect(result.findings.filter((f) => f.ruleId === 'secrets/stripe-live-key')).toHaveLength(1);
    expect(result.note).toBe('Git history: 2 commit(s) scanned.');
  });

  it('leaves history alone below Ultra', async () => {
    const result = await run('enterprise');
    expect(result.findings.some((f) => f.properties?.inHistoryOnly)).toBe(false);
    expect(result.note).toBeUndefined();
  });
});
