// `duescan scan --upload` end to end: the real CLI binary against the real server (HTTP + worker, fresh PGlite).
// A flaky proxy loses the server's first answer, so the CLI retries with the same scan token: one scan, one credit.
import { execFile } from 'node:child_process';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, startServer, type TestDatabase } from '@duescan/server';

const BIN = fileURLToPath(new URL('../bin/duescan.mjs', import.meta.url));
const FIXTURE = fileURLToPath(new URL('./fixtures/vuln-app', import.meta.url));

let db: TestDatabase;
let server: { url: string; close(): Promise<void> };
let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'duescan-cli-upload-'));
  db = await createTestDatabase('pglite');
  server = await startServer({
    dataDir: db.dataDir,
    webDist: '/nonexistent-web-dist',
    env: { NODE_ENV: 'test', LOG_LEVEL: 'silent', ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1', SCAN_THREADS: '1' },
  });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await db?.drop();
  await rm(work, { recursive: true, force: true });
});

function duescan(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // HOME is private to the test: the per-project salt file goes there, not into the developer's home.
    const childEnv = { ...process.env, NO_COLOR: '1', HOME: work, DUESCAN_TOKEN: '', ...env };
    execFile(process.execPath, [BIN, ...args], { timeout: 120_000, env: childEnv }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 99) : 0, stdout, stderr });
    });
  });
}

interface ScanJson {
  id: string;
  status: string;
  project_name: string;
}
/** The fields of API answers this test reads (the server's contracts are tested in apps/server). */
interface ApiJson {
  access_token: string;
  api_token: string;
  credits_remaining: number;
  scans: ScanJson[];
  total: number;
  report_url: string;
  json_url: string;
}
interface StoredReport {
  anonymized: boolean;
  findings: { location: { file: string } }[];
}

async function api(method: string, path: string, token: string | null, body?: unknown): Promise<{ status: number; json: ApiJson }> {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json().catch(() => null)) as ApiJson };
}

let userCounter = 0;
async function signUp(): Promise<{ access: string; apiToken: string }> {
  userCounter += 1;
  const { json } = await api('POST', '/auth/register', null, { email: `cli-${Date.now()}-${userCounter}@example.com`, password: 'longenough' });
  return { access: json.access_token, apiToken: json.api_token };
}

/** Forwards to the server but cuts the connection instead of returning the first N cli-upload answers. */
async function flakyProxy(dropAnswers: number): Promise<{ url: string; uploads: string[]; close(): Promise<void> }> {
  const target = new URL(server.url);
  const uploads: string[] = [];
  let dropped = 0;
  const proxy: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const isUpload = req.url === '/api/v1/scans/cli-upload';
      if (isUpload) uploads.push(JSON.parse(body.toString('utf8')).scan_token);
      const upstream = httpRequest(
        { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (c: Buffer) => parts.push(c));
          answer.on('end', () => {
            // The server has done the work; the client never hears about it.
            if (isUpload && dropped < dropAnswers) {
              dropped += 1;
              req.socket.destroy();
              return;
            }
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(Buffer.concat(parts));
          });
        },
      );
      upstream.end(body);
    });
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    uploads,
    close: () => new Promise<void>((r) => proxy.close(() => r())),
  };
}

async function waitForDone(access: string, id: string): Promise<ScanJson> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const { json } = await api('GET', '/scans/list?limit=100', access);
    const scan = json.scans.find((s) => s.id === id);
    if (scan && (scan.status === 'completed' || scan.status === 'failed')) return scan;
    if (Date.now() > deadline) throw new Error(`scan ${id} did not finish: ${JSON.stringify(scan)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe('duescan scan --upload', { timeout: 180_000 }, () => {
  it('uploads the anonymized report once despite a lost answer: one scan, one credit, a PDF', async () => {
    const user = await signUp();
    const creditsBefore = (await api('GET', '/account/me', user.access)).json.credits_remaining;
    const proxy = await flakyProxy(1);
    try {
      const r = await duescan(['scan', FIXTURE, '--upload', '--api-url', proxy.url, '--out', join(work, 'out1'), '--quiet'], { DUESCAN_TOKEN: user.apiToken });
      expect(r.stderr).toContain('retry 1 with the same scan token');
      expect(r.code).toBe(0);
      const id = /Uploaded: scan ([0-9a-f-]{36})/.exec(r.stdout)?.[1];
      expect(id, r.stdout + r.stderr).toBeTruthy();
      expect(r.stdout).toContain('no extra credit used');
      expect(r.stdout).toContain(`${proxy.url}/scans`);
      expect(proxy.uploads).toHaveLength(2);
      expect(proxy.uploads[1]).toBe(proxy.uploads[0]);

      const list = (await api('GET', '/scans/list?limit=100', user.access)).json;
      expect(list.total).toBe(1);
      expect((await api('GET', '/account/me', user.access)).json.credits_remaining).toBe(creditsBefore - 1);

      const scan = await waitForDone(user.access, id!);
      expect(scan.status).toBe('completed');
      expect(scan.project_name).toBe('vuln-app');
      const urls = (await api('GET', `/reports/${id}`, user.access)).json;
      const pdf = Buffer.from(await (await fetch(`${server.url}${urls.report_url}`)).arrayBuffer());
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const stored = (await (await fetch(`${server.url}${urls.json_url}`)).json()) as StoredReport;
      expect(stored.anonymized).toBe(true);
      const text = JSON.stringify(stored);
      expect(text).not.toContain('"snippet"');
      expect(text).not.toContain('src/app.py');
      expect(stored.findings.length).toBeGreaterThan(0);
      expect(stored.findings.every((f) => /^file-[0-9a-f]{16}/.test(f.location.file))).toBe(true);
    } finally {
      await proxy.close();
    }
  });

  it("answers a wrong token with 'Invalid API token: copy it from your Account page' and exit 3", async () => {
    const r = await duescan(['scan', FIXTURE, '--upload', '--token', 'dsk_not_a_real_token', '--api-url', server.url, '--out', join(work, 'out2'), '--quiet'], {});
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('Invalid API token: copy it from your Account page');
    expect(r.stderr).not.toContain('dsk_not_a_real_token');
  });

  it('needs a token (exit 2) and gives up after 3 retries when the server is unreachable (exit 3)', async () => {
    // An empty config folder: no saved `duescan login` on this machine may leak into the test.
    const noLogin = { XDG_CONFIG_HOME: join(work, 'no-login') };
    const noServer = await duescan(['scan', FIXTURE, '--upload', '--out', join(work, 'out3'), '--quiet'], noLogin);
    expect(noServer.code).toBe(2);
    expect(noServer.stderr).toContain('run `duescan login --api-url <url> --token <token>`');
    const missing = await duescan(['scan', FIXTURE, '--upload', '--api-url', 'https://duescan.example.com', '--out', join(work, 'out3'), '--quiet'], noLogin);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--upload needs your API token');
    expect(missing.stdout).toBe(''); // refused before scanning

    const closed = await flakyProxy(0);
    await closed.close(); // a port nobody listens on any more
    const r = await duescan(['scan', FIXTURE, '--upload', '--token', 'x'.repeat(30), '--api-url', closed.url, '--out', join(work, 'out4')], {});
    expect(r.code).toBe(3);
    expect(r.stderr.match(/retry \d with the same scan token/g)).toEqual([
      'retry 1 with the same scan token',
      'retry 2 with the same scan token',
      'retry 3 with the same scan token',
    ]);
    expect(r.stderr).toContain('Upload failed: could not reach');
  });
});
