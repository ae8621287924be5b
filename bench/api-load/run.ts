// API load benchmark: autocannon against GET /api/v1/scans/list and GET /api/v1/account/usage with 1,000 scans
// in the table, on PGlite and (when DATABASE_URL is set) on PostgreSQL, at a fixed offered rate on loopback.
// The server runs in its own process (server.ts), as in production; autocannon runs here.
// Each engine is measured twice: with the read cache (the default, READ_CACHE_ENTRIES=2000) and without it
// (READ_CACHE_ENTRIES=0: every request reads the database, the worst case of a user whose scans keep changing).
// Anchor: GET /api/v1/health on the same server (same HTTP stack, no database, no auth) under the same load;
// the ratio shows what the database + auth + JSON work add. Target: p99 < 50 ms at 500 req/s.
// Usage: npx tsx bench/api-load/run.ts [--rate 500] [--duration 10] [--connections 20]
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => Number(args[args.indexOf(`--${name}`) + 1] || fallback) || fallback;
const RATE = opt('rate', 500);
const DURATION = opt('duration', 10);
const CONNECTIONS = opt('connections', 20);
const TARGET_P99_MS = 50;

interface Row {
  engine: string;
  cache: string;
  endpoint: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(url: string, token: string | null, duration: number, rate?: number) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    ...(rate ? { overallRate: rate } : {}),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function startServer(engine: string, cacheEntries: number): Promise<{ url: string; token: string; stop: () => Promise<void> }> {
  const child = fork(fileURLToPath(new URL('./server.ts', import.meta.url)), [engine], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, READ_CACHE_ENTRIES: String(cacheEntries) },
  });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`bench server (${engine}) exited early with code ${code}`);
  });
  const [ready] = (await Promise.race([once(child, 'message'), exited])) as [{ url: string; token: string }];
  return {
    ...ready,
    async stop() {
      child.disconnect(); // the server drops its test database and exits
      await once(child, 'exit');
    },
  };
}

async function benchServer(engine: string, cacheEntries: number): Promise<Row[]> {
  const server = await startServer(engine, cacheEntries);
  const cache = cacheEntries > 0 ? 'on' : 'off';
  try {
    const targets: [string, string, string | null][] = [
      ...(cacheEntries > 0 ? [['GET /health (anchor)', '/api/v1/health', null] as [string, string, null]] : []),
      ['GET /scans/list (limit 50)', '/api/v1/scans/list', server.token],
      ['GET /scans/list?limit=100', '/api/v1/scans/list?limit=100', server.token],
      ['GET /account/usage', '/api/v1/account/usage', server.token],
    ];
    const rows: Row[] = [];
    for (const [endpoint, path, auth] of targets) {
      // A short warm-up (JIT, connection pool, PGlite caches) that is not measured.
      await load(`${server.url}${path}`, auth, 2);
      rows.push({ engine, cache, endpoint, ...(await load(`${server.url}${path}`, auth, DURATION, RATE)) });
    }
    return rows;
  } finally {
    await server.stop();
  }
}

const engines = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
console.log(`API load: ${RATE} req/s offered, ${CONNECTIONS} connections, ${DURATION} s per endpoint, 1,000 scans per user, server in its own process`);
const all: Row[] = [];
for (const engine of engines) {
  all.push(...(await benchServer(engine, 2000)));
  all.push(...(await benchServer(engine, 0)));
}

const pad = (s: string | number, n: number) => String(s).padEnd(n);
console.log(
  `\n${pad('engine', 9)}${pad('cache', 7)}${pad('endpoint', 30)}${pad('req/s', 9)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('p99 / anchor', 14)}${pad('errors', 8)}target`,
);
for (const r of all) {
  const anchor = all.find((a) => a.engine === r.engine && a.endpoint.includes('anchor'))!;
  const ratio = anchor.p99 > 0 ? (r.p99 / anchor.p99).toFixed(1) : '-';
  const ok = r.p99 < TARGET_P99_MS && r.rps >= RATE * 0.95 && r.errors === 0;
  console.log(
    `${pad(r.engine, 9)}${pad(r.cache, 7)}${pad(r.endpoint, 30)}${pad(Math.round(r.rps), 9)}${pad(r.p50, 8)}${pad(r.p99, 8)}${pad(ratio, 14)}${pad(r.errors, 8)}${ok ? 'met' : 'MISSED'} (p99 < ${TARGET_P99_MS} ms at ${RATE} req/s)`,
  );
}
