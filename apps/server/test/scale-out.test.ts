// Scale-out on PostgreSQL: one `serve` process and three `worker` processes (real child processes of the bundled
// production entry) share one database and one data folder. 30 scans are queued; one worker is SIGKILLed and
// another SIGTERMed while they scan. Every scan must complete exactly once, be charged once, and none may be
// left pending or processing. PGlite is single-process, so this runs only with PostgreSQL (CI sets DATABASE_URL).
import { rm } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../src/testing/test-database';
import { POSTGRES_ADMIN_URL } from './helpers';
import { bundleServer } from './fixtures/bundle-server';
import { makeGitRepo, signUp, waitFor } from './scan-runtime';
import { childEnv, killProcess, spawnServerProcess, type ServerProcess } from './server-process';

const SCANS = 30;

describe.runIf(POSTGRES_ADMIN_URL)('scale-out: 1 API + 3 workers on PostgreSQL', () => {
  let db: TestDatabase | undefined;
  let sql: pg.Client | undefined;
  let bundle = '';
  const processes: ServerProcess[] = [];
  afterAll(async () => {
    for (const proc of processes) await killProcess(proc);
    await sql?.end();
    if (bundle) await rm(bundle, { force: true });
    await db?.drop();
  });

  it('every scan completes exactly once and is charged once while workers are killed and stopped', async () => {
    db = await createTestDatabase('postgres', POSTGRES_ADMIN_URL);
    sql = new pg.Client({ connectionString: db.databaseUrl });
    await sql.connect();
    const env = childEnv(db, {
      DATABASE_POOL_SIZE: '4',
      // Long enough that the kill and the stop land inside a scan, short enough for 30 scans on 2 cores.
      SCAN_DEBUG_DELAY_MS: '1500',
      // Short so the killed worker's scan is taken over quickly; not so short that a busy worker's late heartbeat looks dead.
      SCAN_STALE_AFTER: '5s',
      SHUTDOWN_GRACE_SECONDS: '1',
      WORKER_PROBE_PORT: '0',
    });
    bundle = await bundleServer();
    const api = await spawnServerProcess(bundle, 'serve', env);
    processes.push(api);
    const workers = await Promise.all([1, 2, 3].map(() => spawnServerProcess(bundle, 'worker', env)));
    processes.push(...workers);
    for (const worker of workers) {
      const port = /probes on port (\d+)/.exec(worker.output())?.[1];
      expect((await fetch(`http://127.0.0.1:${port}/api/v1/ready`)).status).toBe(200);
    }

    const user = await signUp(api.url!, 'scale');
    await sql.query('update users set credits_remaining = $2 where id = $1', [user.userId, SCANS + 5]);
    const repos = await Promise.all(['alpha', 'beta', 'gamma'].map((name) => makeGitRepo(name)));
    const ids: string[] = [];
    for (let i = 0; i < SCANS; i++) {
      const created = await user.call('POST', '/scans/create', { project_url: `file://${repos[i % repos.length]}`, package_type: 'quick' });
      expect(created.status, JSON.stringify(created.json)).toBe(201);
      ids.push(created.json.id);
    }

    let last: Record<string, number> = {};
    const counts = async () => {
      const { rows } = await sql!.query<{ status: string; n: number }>('select status, count(*)::int as n from scans group by status');
      return (last = Object.fromEntries(rows.map((r) => [r.status, r.n])));
    };
    const state = () => `; scans: ${JSON.stringify(last)}; workers said: ${workers.map((w) => w.output()).join(' | ')}`;
    // Mid-run: some scans done, all three workers busy.
    await waitFor(async () => {
      const c = await counts();
      return (c.completed ?? 0) >= 3 && (c.processing ?? 0) >= 3;
    }, 120_000, () => `for three workers to be scanning${state()}`);
    workers[0]!.child.kill('SIGKILL');
    workers[1]!.child.kill('SIGTERM');
    expect(await workers[0]!.exited).toBe('SIGKILL');
    // Graceful: exits 0 after at most the grace period plus the hand-back, well before the hard timeout.
    expect(await workers[1]!.exited).toBe(0);

    await waitFor(async () => (await counts()).completed === SCANS, 150_000, () => `for all scans${state()}`);

    const { rows: scans } = await sql.query(
      'select id, status, attempts, credits_charged, refunded_at, error_message from scans where user_id = $1',
      [user.userId],
    );
    expect(scans).toHaveLength(SCANS);
    for (const scan of scans) expect(scan).toMatchObject({ status: 'completed', credits_charged: 1, refunded_at: null, error_message: null });
    const { rows: [account] } = await sql.query('select credits_remaining from users where id = $1', [user.userId]);
    expect(account.credits_remaining).toBe(5);

    // Exactly once: one scan job per scan completed the row (the conditional UPDATE), and one report e-mail was queued.
    const perScan = async (queue: string, where = 'true') => {
      const { rows } = await sql!.query<{ scan_id: string; n: number }>(
        `select data->>'scanId' as scan_id, count(*)::int as n from pgboss.job where name = $1 and ${where} group by 1`,
        [queue],
      );
      return new Map(rows.map((r) => [r.scan_id, r.n]));
    };
    // pg-boss records a job's output only after the handler returns, a moment after the scan row turned 'completed'.
    let completions = new Map<string, number>();
    await waitFor(async () => {
      completions = await perScan('scan.run', `output->>'completed' = 'true'`);
      return ids.every((id) => completions.has(id));
    }, 30_000, () => `for pg-boss to record every scan job's output${state()}`);
    const emails = await perScan('delivery.email');
    for (const id of ids) {
      expect(completions.get(id), `completions of ${id}`).toBe(1);
      expect(emails.get(id), `e-mails of ${id}`).toBe(1);
    }
    // The kill really interrupted a scan: its attempt counts (the stale sweep took it over) ...
    expect(scans.some((s) => s.attempts >= 2)).toBe(true);
    // ... and the stop either finished its scan within the grace period or handed it back.
    const { rows: [handed] } = await sql.query(`select count(*)::int as n from pgboss.job where name = 'scan.run' and output->>'handedBack' = 'true'`);
    const { rows: [late] } = await sql.query(`select count(*)::int as n from pgboss.job where name = 'scan.run' and output->>'completed' = 'false'`);
    expect(workers[1]!.output()).not.toMatch(/Shutdown failed/);
    console.log(
      `scale-out: ${scans.filter((s) => s.attempts >= 2).length} scan(s) recovered after SIGKILL, ${handed.n} handed back at SIGTERM, ` +
        `${late.n} analysis(es) repeated after a late heartbeat (completed once all the same)`,
    );
  }, 300_000);
});
