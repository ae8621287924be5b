// The all-in-one process on the embedded database, SIGKILLed under load and started again as a new process whose
// PID is the one in the stale lock (node as PID 1 in a container gets the same PID on every start). It must
// start, recover the database, and keep everything it had acknowledged: accounts, a finished scan and its
// report, and a scan queued just before the crash (which then completes, charged once).
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../src/testing/test-database';
import { bundleServer } from './fixtures/bundle-server';
import { clientAt, makeGitRepo, signUp, waitFor, waitForScan } from './scan-runtime';
import { childEnv, killProcess, spawnServerProcess, type ServerProcess } from './server-process';
import { uniqueEmail } from './helpers';

const TAKE_OVER_LOCK = fileURLToPath(new URL('./fixtures/take-over-lock.mjs', import.meta.url));

async function register(base: string, email: string): Promise<number> {
  const res = await fetch(`${base}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'longenough' }),
  });
  return res.status;
}

describe('crash and restart of the all-in-one process on PGlite', () => {
  let db: TestDatabase | undefined;
  let bundle = '';
  const processes: ServerProcess[] = [];
  afterAll(async () => {
    for (const proc of processes) await killProcess(proc);
    if (bundle) await rm(bundle, { force: true });
    await db?.drop();
  });

  it('starts with the stale lock naming its own PID and loses nothing it acknowledged', async () => {
    db = await createTestDatabase('pglite');
    const env = childEnv(db, { SCAN_THREADS: '2', AUTH_RATE_LIMIT_PER_IP: '1000', SHUTDOWN_GRACE_SECONDS: '5' });
    bundle = await bundleServer();
    const first = await spawnServerProcess(bundle, 'all', env);
    processes.push(first);
    const base = first.url!;

    const user = await signUp(base, 'crash');
    const repo = await makeGitRepo('crash-app');
    const finished = await user.call('POST', '/scans/create', { project_url: `file://${repo}`, package_type: 'quick' });
    expect(finished.status).toBe(201);
    expect(await waitForScan(user, finished.json.id)).toMatchObject({ status: 'completed' });

    // Acknowledged writes right up to the crash: accounts, then a scan queued a moment before it.
    const acknowledged: string[] = [];
    for (let i = 0; i < 10; i++) {
      const email = uniqueEmail('ack');
      expect(await register(base, email)).toBe(201);
      acknowledged.push(email);
    }
    const queued = await user.call('POST', '/scans/create', { project_url: `file://${repo}`, package_type: 'quick' });
    expect(queued.status).toBe(201);
    const inFlight = Array.from({ length: 10 }, () => register(base, uniqueEmail('inflight')).catch(() => 0));
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    await Promise.all(inFlight);

    const lock = path.join(db.dataDir, 'db', 'duescan.lock');
    const stale = JSON.parse(await readFile(lock, 'utf8')) as { pid: number; start?: number };
    expect(stale.pid).toBe(first.child.pid);

    const second = await spawnServerProcess(bundle, 'all', { ...env, DUESCAN_TEST_STALE_LOCK: lock }, { execArgv: ['--import', TAKE_OVER_LOCK] });
    processes.push(second);
    const holder = JSON.parse(await readFile(lock, 'utf8')) as { pid: number; start?: number };
    expect(holder.pid).toBe(second.child.pid);
    if (stale.start !== undefined) expect(holder.start).not.toBe(stale.start); // the lock was re-taken, not kept

    const again = { ...user, ...clientAt(second.url!, user.token) };
    for (const email of acknowledged) {
      const login = await fetch(`${second.url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'longenough' }),
      });
      expect(login.status, email).toBe(200);
    }
    const report = await again.call('GET', `/reports/${finished.json.id}`);
    expect(report.status).toBe(200);
    const pdf = await fetch(new URL(report.json.report_url, second.url));
    expect(pdf.status).toBe(200);
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');

    expect(await waitForScan(again, queued.json.id, 90_000)).toMatchObject({ status: 'completed', error_message: null });
    const me = await again.call('GET', '/account/me');
    expect(me.json.credits_remaining).toBe(1); // 3 free credits, two scans, each charged once

    // The restarted process also stops cleanly on SIGTERM and releases the lock for the next start.
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    await waitFor(async () => !(await readFile(lock, 'utf8').catch(() => null)), 5_000, () => 'for the lock to be released');
  }, 240_000);
});
