// A worker process SIGKILLed in the middle of a scan: after a new worker starts, the scan still completes,
// and the user was charged once. The child is a real process running the real runtime.
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../src/testing/test-database';
import { ENGINES, POSTGRES_ADMIN_URL } from './helpers';
import { bundleServer } from './fixtures/bundle-server';
import { childEnv, killProcess, spawnServerProcess, type ServerProcess } from './server-process';
import { clientAt, makeGitRepo, setCredits, signUp, startScanRuntime, waitFor, waitForScan, type ScanRuntime } from './scan-runtime';

// On PGlite the API, the worker and the database share one process, so the SIGKILL is a crash of the whole
// install: the new process must also recover the embedded database (WAL replay) and take over its stale lock.
describe.each(ENGINES)('worker killed mid-scan on %s', (engine) => {
  let db: TestDatabase | undefined;
  let second: ScanRuntime | undefined;
  let first: ServerProcess | undefined;
  let bundle = '';
  afterAll(async () => {
    if (bundle) await rm(bundle, { force: true });
    await killProcess(first);
    await second?.close();
    await db?.drop();
  });

  it('the scan completes after a new worker starts, charged once', async () => {
    db = await createTestDatabase(engine, POSTGRES_ADMIN_URL);
    // The delay holds the scan in 'processing' long enough to kill the worker there.
    const env = childEnv(db, {
      SCAN_DEBUG_DELAY_MS: '3000',
      SCAN_STALE_AFTER: '3s',
      // Two engine threads: the bundle's worker threads load main.js itself (its duescanWorker export).
      SCAN_THREADS: '2',
    });
    bundle = await bundleServer();
    first = await spawnServerProcess(bundle, 'all', env);
    const user = await signUp(first.url!, 'killed');
    const repo = await makeGitRepo('survivor');
    const created = await user.call('POST', '/scans/create', { project_url: `file://${repo}`, package_type: 'quick' });
    expect(created.status).toBe(201);
    await waitFor(async () => {
      const { json } = await user.call('GET', '/scans/list');
      return json.scans[0]?.status === 'processing';
    }, 30_000, () => 'for the scan to be processing');
    first.child.kill('SIGKILL');
    await first.exited;
    if (engine === 'pglite') await handDeadLockToThisPid(db.dataDir, first.child.pid!);

    second = await startScanRuntime(engine, { SCAN_DEBUG_DELAY_MS: '3000', SCAN_STALE_AFTER: '3s' }, db);
    const again = { ...user, ...clientAt(second.url, user.token) };
    const done = await waitForScan(again, created.json.id, 90_000);
    expect(done).toMatchObject({ status: 'completed', error_message: null });
    const { rows } = await second.runtime.database.executeSql('select attempts, credits_charged, refunded_at from scans where id = $1', [created.json.id]);
    expect(rows[0]).toMatchObject({ attempts: 2, credits_charged: 1, refunded_at: null });
    const me = await again.call('GET', '/account/me');
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
