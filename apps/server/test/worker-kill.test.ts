// A worker process SIGKILLed in the middle of a scan: after a new worker starts, the scan still completes,
// and the user was charged once. The child is a real process running the real runtime.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../src/testing/test-database';
import { ENGINES, POSTGRES_ADMIN_URL } from './helpers';
import { bundleServer } from './fixtures/bundle-server';
import { SCAN_TEST_ENV, makeGitRepo, setCredits, signUp, startScanRuntime, waitFor, waitForScan, type ScanRuntime } from './scan-runtime';

/** Runs the bundled production entry (`main.js all`) and waits for its "running on" line. */
async function spawnServer(entry: string, env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  // The parent's DATABASE_URL (the PostgreSQL admin database in CI) must not leak in: the PGlite run would then
  // write to that shared database instead of its own embedded one.
  const { DATABASE_URL: _parentDatabase, ...inherited } = process.env;
  const child = spawn(process.execPath, [entry, 'all'], { env: { ...inherited, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const match = /DueScan is running on (\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.on('exit', (code) => reject(new Error(`server child exited early (${code}): ${out}`)));
  });
  return { child, url };
}

// On PGlite the API, the worker and the database share one process, so the SIGKILL is a crash of the whole
// install: the new process must also recover the embedded database (WAL replay) and take over its stale lock.
describe.each(ENGINES)('worker killed mid-scan on %s', (engine) => {
  let db: TestDatabase | undefined;
  let second: ScanRuntime | undefined;
  let child: ChildProcess | undefined;
  let bundle = '';
  afterAll(async () => {
    if (bundle) await rm(bundle, { force: true });
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await second?.close();
    await db?.drop();
  });

  it('the scan completes after a new worker starts, charged once', async () => {
    db = await createTestDatabase(engine, POSTGRES_ADMIN_URL);
    // The delay holds the scan in 'processing' long enough to kill the worker there.
    const env = {
      ...SCAN_TEST_ENV,
      SCAN_DEBUG_DELAY_MS: '3000',
      SCAN_STALE_AFTER: '3s',
      // Two engine threads: the bundle's worker threads load main.js itself (its duescanWorker export).
      SCAN_THREADS: '2',
      LOG_LEVEL: 'warn',
      PORT: '0',
      DATA_DIR: db.dataDir,
      ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
    };
    bundle = await bundleServer();
    const first = await spawnServer(bundle, env);
    child = first.child;
    const user = await signUp(first.url, 'killed');
    const repo = await makeGitRepo('survivor');
    const created = await user.call('POST', '/scans/create', { project_url: `file://${repo}`, package_type: 'quick' });
    expect(created.status).toBe(201);
    await waitFor(async () => {
      const { json } = await user.call('GET', '/scans/list');
      return json.scans[0]?.status === 'processing';
    }, 30_000, () => 'for the scan to be processing');
    child.kill('SIGKILL');
    await once(child, 'exit');
    if (engine === 'pglite') await handDeadLockToThisPid(db.dataDir, child.pid!);

    second = await startScanRuntime(engine, { SCAN_DEBUG_DELAY_MS: '3000', SCAN_STALE_AFTER: '3s' }, db);
    const again = { ...user, call: (m: string, p: string, b?: unknown) => rebase(second!.url, user.token, m, p, b) };
    const done = await waitForScan(again as typeof user, created.json.id, 90_000);
    expect(done).toMatchObject({ status: 'completed', error_message: null });
    const { rows } = await second.runtime.database.executeSql('select attempts, credits_charged, refunded_at from scans where id = $1', [created.json.id]);
    expect(rows[0]).toMatchObject({ attempts: 2, credits_charged: 1, refunded_at: null });
    const me = await rebase(second.url, user.token, 'GET', '/account/me');
    expect((me.json as { credits_remaining: number }).credits_remaining).toBe(2);
    await setCredits(second.runtime, user.userId, 0);
  }, 180_000);
});

/**
 * The restart gets the crashed process's PID, as node does as PID 1 in a container: the stale lock now names the
 * PID of the process that must take it over (its start time, when recorded, is still the dead process's).
 */
async function handDeadLockToThisPid(dataDir: string, deadPid: number): Promise<void> {
  const lock = path.join(dataDir, 'db', 'duescan.lock');
  const text = await readFile(lock, 'utf8');
  expect(text).toContain(String(deadPid));
  await writeFile(lock, text.replace(String(deadPid), String(process.pid)));
}

async function rebase(base: string, token: string, method: string, pathname: string, body?: unknown) {
  const res = await fetch(`${base}/api/v1${pathname}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json().catch(() => null) };
}
