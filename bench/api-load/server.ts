// The server under load, in its own process (as in production): the load generator must not share its event
// loop. Started by run.ts with the engine as argv[2] and READ_CACHE_ENTRIES in the environment; it seeds
// 1,000 scans for the bench user and 1,000 for another user, then reports {url, token} over IPC and serves
// until the parent disconnects. The soak bench reuses it: BENCH_SERVER_ENV (JSON) adds configuration variables and
// BENCH_CREDITS gives the bench user credits for creating scans.
import { randomBytes } from 'node:crypto';
import { createTestDatabase, loadConfig, startRuntime } from '@duescan/server';

const SCANS = 1000;
const engine = process.argv[2] as 'pglite' | 'postgres';

async function register(base: string, tag: string): Promise<{ access_token: string; user_id: string }> {
  const res = await fetch(`${base}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench-${tag}-${Date.now()}@example.com`, password: 'longenough' }),
  });
  if (!res.ok) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { access_token: string; user_id: string };
}

const db = await createTestDatabase(engine, process.env.DATABASE_URL);
const runtime = await startRuntime(
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    DATA_DIR: db.dataDir,
    WEB_DIST: '/nonexistent',
    JWT_SECRET: randomBytes(32).toString('hex'), // a fresh server secret per run: nothing secret in the source
    READ_CACHE_ENTRIES: process.env.READ_CACHE_ENTRIES ?? '',
    ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
    ...(JSON.parse(process.env.BENCH_SERVER_ENV ?? '{}') as Record<string, string>),
  }),
  'serve',
);
const shutdown = async () => {
  await runtime.close();
  await db.drop();
  process.exit(0);
};
process.on('disconnect', () => void shutdown());

const base = runtime.url!;
const user = await register(base, 'user');
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
  [user.user_id, SCANS],
);
if (process.env.BENCH_CREDITS) {
  await runtime.database.executeSql('update users set credits_remaining = $2 where id = $1', [user.user_id, Number(process.env.BENCH_CREDITS)]);
}
const other = await register(base, 'other');
await runtime.database.executeSql(
  `insert into scans (user_id, project_name, package_type, status, source_kind)
   select $1, 'other-' || i, 'quick', 'completed', 'url' from generate_series(1, $2) as i`,
  [other.user_id, SCANS],
);
await runtime.database.executeSql('analyze', []);
process.send!({ url: base, token: user.access_token });
