// API load benchmark: autocannon against GET /api/v1/scans/list and GET /api/v1/account/usage with 1,000 scans
// in the table, on PGlite and (when DATABASE_URL is set) on PostgreSQL, at a fixed offered rate on loopback.
// Anchor: GET /api/v1/health on the same server (same HTTP stack, no database, no auth) under the same load;
// the ratio shows what the database + auth + JSON work add. Target: p99 < 50 ms at 500 req/s.
// Usage: npx tsx bench/api-load/run.ts [--rate 500] [--duration 10] [--connections 20]
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { loadConfig } from '../../apps/server/src/config';
import { startRuntime } from '../../apps/server/src/start';
import { createTestDatabase } from '../../apps/server/src/testing/test-database';

const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => Number(args[args.indexOf(`--${name}`) + 1] || fallback) || fallback;
const RATE = opt('rate', 500);
const DURATION = opt('duration', 10);
const CONNECTIONS = opt('connections', 20);
const SCANS = 1000;
const TARGET_P99_MS = 50;

interface Row {
  engine: string;
  endpoint: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(url: string, token: string | null): Promise<Omit<Row, 'engine' | 'endpoint'>> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    overallRate: RATE,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function benchEngine(engine: 'pglite' | 'postgres'): Promise<Row[]> {
  const db = await createTestDatabase(engine, process.env.DATABASE_URL);
  const runtime = await startRuntime(
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: '0',
      DATA_DIR: db.dataDir,
      WEB_DIST: '/nonexistent',
      JWT_SECRET: randomBytes(32).toString('hex'), // a fresh server secret per run: nothing secret in the source
      ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
    }),
    'serve',
  );
  try {
    const base = runtime.url!;
    const reg = await fetch(`${base}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, password: 'longenough' }),
    });
    const { access_token: token, user_id: userId } = (await reg.json()) as { access_token: string; user_id: string };
    // 1,000 scans for this user (mixed states, spread over 60 days) plus 1,000 for another user in the same table.
    await runtime.database.executeSql(
      `insert into scans (user_id, project_name, package_type, status, source_kind, source_ref, created_at, completed_at, score,
                          report_pdf_path, error_message)
       select $1, 'project-' || i, (array['quick','pro','enterprise','ultra'])[1 + i % 4],
              (array['completed','completed','failed','pending'])[1 + i % 4], 'url', 'https://example.com/org/p' || i,
              now() - (i || ' hours')::interval, case when i % 4 < 2 then now() - (i || ' hours')::interval end,
              case when i % 4 < 2 then (i * 7) % 100 end, case when i % 4 < 2 then '/data/reports/x/report.pdf' end,
              case when i % 4 = 2 then 'Repository not found or not accessible' end
         from generate_series(1, $2) as i`,
      [userId, SCANS],
    );
    const other = await fetch(`${base}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `bench-other-${Date.now()}@example.com`, password: 'longenough' }),
    });
    const otherId = ((await other.json()) as { user_id: string }).user_id;
    await runtime.database.executeSql(
      `insert into scans (user_id, project_name, package_type, status, source_kind)
       select $1, 'other-' || i, 'quick', 'completed', 'url' from generate_series(1, $2) as i`,
      [otherId, SCANS],
    );
    const rows: Row[] = [];
    const targets: [string, string, string | null][] = [
      ['GET /health (anchor)', '/api/v1/health', null],
      ['GET /scans/list (limit 50)', '/api/v1/scans/list', token],
      ['GET /scans/list?limit=100', '/api/v1/scans/list?limit=100', token],
      ['GET /account/usage', '/api/v1/account/usage', token],
    ];
    for (const [endpoint, path, auth] of targets) {
      // A short warm-up (JIT, connection pool, PGlite caches) that is not measured.
      await autocannon({ url: `${base}${path}`, connections: CONNECTIONS, duration: 2, headers: auth ? { authorization: `Bearer ${auth}` } : {} });
      rows.push({ engine, endpoint, ...(await load(`${base}${path}`, auth)) });
    }
    return rows;
  } finally {
    await runtime.close();
    await db.drop();
  }
}

const engines: ('pglite' | 'postgres')[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
console.log(`API load: ${RATE} req/s offered, ${CONNECTIONS} connections, ${DURATION} s per endpoint, ${SCANS} scans per user`);
const all: Row[] = [];
for (const engine of engines) all.push(...(await benchEngine(engine)));

const pad = (s: string | number, n: number) => String(s).padEnd(n);
console.log(`\n${pad('engine', 9)}${pad('endpoint', 30)}${pad('req/s', 9)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('p99 / anchor', 14)}${pad('errors', 8)}target`);
for (const r of all) {
  const anchor = all.find((a) => a.engine === r.engine && a.endpoint.includes('anchor'))!;
  const ratio = anchor.p99 > 0 ? (r.p99 / anchor.p99).toFixed(1) : '-';
  const ok = r.p99 < TARGET_P99_MS && r.rps >= RATE * 0.95 && r.errors === 0;
  console.log(
    `${pad(r.engine, 9)}${pad(r.endpoint, 30)}${pad(Math.round(r.rps), 9)}${pad(r.p50, 8)}${pad(r.p99, 8)}${pad(ratio, 14)}${pad(r.errors, 8)}${ok ? 'met' : 'MISSED'} (p99 < ${TARGET_P99_MS} ms at ${RATE} req/s)`,
  );
}
