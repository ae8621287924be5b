// Harness for scan-service integration tests: a whole runtime (HTTP + pg-boss worker) on a fresh database, a
// real git repository on disk and small HTTP helpers that sign in like the web app does.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { startRuntime, type Runtime } from '../src/start';
import { createTestDatabase, type TestDatabase } from '../src/testing/test-database';
import { POSTGRES_ADMIN_URL, TEST_ENV, uniqueEmail, type EngineKind } from './helpers';

/** Answers under test: their shape is what the assertions check. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type Json = any;

export const SCAN_TEST_ENV: Record<string, string> = {
  ...TEST_ENV,
  ALLOW_FILE_URLS: 'true',
  ALLOW_PRIVATE_TARGETS: 'false',
  SCAN_THREADS: '1',
  SCAN_RETRY_DELAY_SECONDS: '1',
  WEBHOOK_RETRY_DELAY_SECONDS: '1',
  SCAN_STALE_AFTER: '3s',
};

export interface ScanRuntime {
  runtime: Runtime;
  url: string;
  testDb: TestDatabase;
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startScanRuntime(engine: EngineKind, env: Record<string, string> = {}, testDb?: TestDatabase): Promise<ScanRuntime> {
  const db = testDb ?? (await createTestDatabase(engine, POSTGRES_ADMIN_URL));
  const fullEnv = { ...SCAN_TEST_ENV, PORT: '0', DATA_DIR: db.dataDir, ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}), ...env };
  const runtime = await startRuntime(loadConfig(fullEnv), 'all');
  return {
    runtime,
    url: runtime.url!,
    testDb: db,
    env: fullEnv,
    async close() {
      await runtime.close();
    },
  };
}

export interface Client {
  token: string;
  userId: string;
  email: string;
  call(method: string, pathname: string, body?: unknown): Promise<{ status: number; json: Json }>;
  upload(form: FormData): Promise<{ status: number; json: Json }>;
}

export async function signUp(base: string, tag = 'user'): Promise<Client> {
  const email = uniqueEmail(tag);
  const res = await fetch(`${base}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'longenough' }),
  });
  const auth = (await res.json()) as { access_token: string; user_id: string };
  return { ...clientAt(base, auth.access_token), userId: auth.user_id, email };
}

const parse = async (r: Response) => ({ status: r.status, json: await r.json().catch(() => null) });

/** The same signed-in user against another server process (e.g. the one restarted after a crash). */
export function clientAt(base: string, token: string): Pick<Client, 'token' | 'call' | 'upload'> {
  const headers = { authorization: `Bearer ${token}` };
  return {
    token,
    call: async (method, pathname, body) =>
      parse(
        await fetch(`${base}/api/v1${pathname}`, {
          method,
          headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      ),
    upload: async (form) => parse(await fetch(`${base}/api/v1/scans/upload`, { method: 'POST', headers, body: form })),
  };
}

export async function setCredits(runtime: Runtime, userId: string, credits: number, plan = 'free'): Promise<void> {
  await runtime.database.executeSql('update users set credits_remaining = $2, plan = $3 where id = $1', [userId, credits, plan]);
}

/** A small real repository with one obvious vulnerability, committed with git. */
export async function makeGitRepo(name = 'demo-app'): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'duescan-repo-'));
  const dir = path.join(root, name);
  await mkdir(path.join(dir, 'src'), { recursive: true });
  await writeFile(
    path.join(dir, 'src/server.js'),
    "const { exec } = require('child_process');\nconst express = require('express');\nconst app = express();\n" +
      "app.get('/run', (req, res) => { exec('ls ' + req.query.dir, (e, out) => res.send(out)); });\napp.listen(3000);\n",
  );
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', dependencies: { express: '4.17.1' } }));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], { cwd: dir, stdio: 'ignore' });
  git('init', '-q');
  git('add', '.');
  git('commit', '-q', '-m', 'init');
  return dir;
}

export async function waitFor<T>(
  probe: () => Promise<T | undefined | null | false>,
  timeoutMs = 60_000,
  describe: () => string = () => '',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting ${describe()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Polls GET /scans/list until the scan is completed or failed, like the Scans screen does. */
export async function waitForScan(client: Client, id: string, timeoutMs = 90_000): Promise<Json> {
  let last: unknown;
  return waitFor(
    async () => {
      const { json } = await client.call('GET', '/scans/list?limit=100');
      const scan = json?.scans?.find((s: { id: string }) => s.id === id);
      last = scan;
      return scan && (scan.status === 'completed' || scan.status === 'failed') ? scan : undefined;
    },
    timeoutMs,
    () => `for scan ${id}; last seen: ${JSON.stringify(last)}`,
  );
}
