// Runtime.close() (what SIGTERM calls): a scan that ends within SHUTDOWN_GRACE_SECONDS is finished by the
// stopping process; one that does not is handed back to the queue (not failed, attempt not counted, charged
// once) and the next worker completes it. /ready answers 200 while the node runs.
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../src/testing/test-database';
import { ENGINES, POSTGRES_ADMIN_URL } from './helpers';
import { makeGitRepo, signUp, startScanRuntime, waitFor, type Client, type Json, type ScanRuntime } from './scan-runtime';

async function startScanning(rt: ScanRuntime, tag: string): Promise<{ user: Client; scanId: string }> {
  const user = await signUp(rt.url, tag);
  const repo = await makeGitRepo(tag);
  const created = await user.call('POST', '/scans/create', { project_url: `file://${repo}`, package_type: 'quick' });
  expect(created.status).toBe(201);
  await waitFor(async () => (await user.call('GET', '/scans/list')).json.scans[0]?.status === 'processing', 30_000, () => 'for processing');
  return { user, scanId: created.json.id };
}

async function scanState(rt: ScanRuntime, scanId: string): Promise<Json> {
  const { rows } = await rt.runtime.database.executeSql(
    `select s.status, s.attempts, s.credits_charged, s.refunded_at, u.credits_remaining
       from scans s join users u on u.id = s.user_id where s.id = $1`,
    [scanId],
  );
  return rows[0];
}

describe.each(ENGINES)('graceful shutdown on %s', (engine) => {
  const dbs: TestDatabase[] = [];
  const runtimes: ScanRuntime[] = [];
  afterAll(async () => {
    for (const rt of runtimes) await rt.close().catch(() => undefined);
    for (const db of dbs) await db.drop();
  });
  const fresh = async () => {
    const db = await createTestDatabase(engine, POSTGRES_ADMIN_URL);
    dbs.push(db);
    return db;
  };

  it('finishes a running scan inside the grace period before closing', async () => {
    const db = await fresh();
    const first = await startScanRuntime(engine, { SCAN_DEBUG_DELAY_MS: '2000', SHUTDOWN_GRACE_SECONDS: '60' }, db);
    const ready = await fetch(`${first.url}/api/v1/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', database: engine, queue: 'up' });
    const { scanId } = await startScanning(first, 'graceful');
    await first.close();

    const second = await startScanRuntime(engine, {}, db);
    runtimes.push(second);
    expect(await scanState(second, scanId)).toMatchObject({ status: 'completed', attempts: 1, credits_charged: 1, refunded_at: null, credits_remaining: 2 });
  }, 120_000);

  it('hands a scan that outlasts the grace period back to the queue; the next worker completes it, charged once', async () => {
    const db = await fresh();
    const first = await startScanRuntime(engine, { SCAN_DEBUG_DELAY_MS: '120000', SHUTDOWN_GRACE_SECONDS: '1' }, db);
    const { scanId } = await startScanning(first, 'handback');
    const started = Date.now();
    await first.close();
    // One second of grace, then the abort and hand-back: nowhere near the 120 s the scan would have taken.
    expect(Date.now() - started).toBeLessThan(15_000);

    const second = await startScanRuntime(engine, { SHUTDOWN_GRACE_SECONDS: '1' }, db);
    runtimes.push(second);
    await waitFor(async () => (await scanState(second, scanId))?.status === 'completed', 90_000, () => 'for the handed-back scan');
    // attempts 1: the interrupted attempt was given back (a crash would count it: attempts 2).
    expect(await scanState(second, scanId)).toMatchObject({ attempts: 1, credits_charged: 1, refunded_at: null, credits_remaining: 2 });
    // The scan row turns 'completed' inside the handler; pg-boss marks its job completed only after the handler
    // returns, so the job row may lag the scan row by a moment.
    const jobs = async () =>
      (await second.runtime.database.executeSql(
        `select state, output from pgboss.job where name = 'scan.run' and data->>'scanId' = $1 order by created_on`,
        [scanId],
      )).rows;
    await waitFor(async () => { const rows = await jobs(); return rows.length === 2 && rows.every((job) => job.state === 'completed'); }, 30_000, () => 'for pg-boss to complete the job');
    expect(await jobs()).toMatchObject([
      { state: 'completed', output: { handedBack: true } },
      { state: 'completed', output: { completed: true } },
    ]);
  }, 150_000);
});
