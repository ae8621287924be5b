// Soak: a long run of mixed, authenticated traffic at a fixed rate against one API process (`serve` mode, in its
// own process, as an API node of a scaled-out install), loopback only. Reads: the polled calls (scans/list,
// account/usage, account/me); writes: POST /scans/create of a server-path project (credit transaction + job queued
// in one SQL transaction). Prints requests, errors (must be 0), p50/p99 per kind and the server's RSS at start and end.
// Usage: npm run bench -- soak [--duration 600] [--rate 200] [--create-share 0.1] [--engine pglite|postgres]
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const DURATION = Number(opt('duration', '600'));
const RATE = Number(opt('rate', '200'));
const CREATE_SHARE = Number(opt('create-share', '0.1'));
const ENGINE = opt('engine', process.env.DATABASE_URL ? 'postgres' : 'pglite');
if (!(DURATION >= 5) || !(RATE >= 1) || !(CREATE_SHARE > 0 && CREATE_SHARE < 1) || !['pglite', 'postgres'].includes(ENGINE)) {
  console.error('Usage: soak [--duration seconds >= 5] [--rate req/s] [--create-share 0..1] [--engine pglite|postgres]');
  process.exit(2);
}
if (ENGINE === 'postgres' && !process.env.DATABASE_URL) {
  console.error('--engine postgres needs DATABASE_URL (the admin URL; the bench creates and drops its own database)');
  process.exit(2);
}
/**
 * autocannon paces each connection at rate / connections: a connection waiting on a slow answer falls behind and
 * the offered rate sags. Enough connections that each needs an answer only every ~200 ms keep the rate honest.
 */
const connectionsFor = (rate: number) => Math.max(2, Math.ceil(rate / 5));

/** Resident set size of a process in MiB, from /proc (Linux), or null elsewhere. */
async function rssMiB(pid: number): Promise<number | null> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => null);
  const kib = status && /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
  return kib ? Math.round(Number(kib) / 1024) : null;
}

const projects = await mkdtemp(path.join(os.tmpdir(), 'duescan-soak-'));
const project = path.join(projects, 'soak-app');
await mkdir(project);
await writeFile(path.join(project, 'index.js'), "console.log('soak');\n");

const child = fork(fileURLToPath(new URL('../api-load/server.ts', import.meta.url)), [ENGINE], {
  execArgv: ['--import', 'tsx'],
  env: {
    ...process.env,
    ...(ENGINE === 'pglite' ? { DATABASE_URL: '' } : {}),
    BENCH_CREDITS: String(Math.ceil(RATE * CREATE_SHARE * DURATION * 2) + 1000),
    BENCH_SERVER_ENV: JSON.stringify({ SCAN_PATH_ROOTS: projects }),
  },
});
const exited = once(child, 'exit').then(([code]) => {
  throw new Error(`soak server exited early with code ${code}`);
});
const [{ url, token }] = (await Promise.race([once(child, 'message'), exited])) as [{ url: string; token: string }];
const headers = { authorization: `Bearer ${token}` };

interface Kind {
  name: string;
  requests: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
}

function run(name: string, rate: number, requests: autocannon.Request[]): Promise<Kind> {
  return autocannon({ url, connections: connectionsFor(rate), duration: DURATION, overallRate: rate, headers, requests }).then((r) => ({
    name,
    requests: r.requests.total,
    errors: r.errors + r.timeouts + r.non2xx,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
  }));
}

// Warm-up (JIT, pools, caches), not measured.
await autocannon({ url: `${url}/api/v1/scans/list`, connections: 2, duration: 3, headers });
const rssStart = await rssMiB(child.pid!);
const loadStart = os.loadavg()[0]!;
let rssPeak = rssStart ?? 0;
const sampler = setInterval(() => void rssMiB(child.pid!).then((v) => (rssPeak = Math.max(rssPeak, v ?? 0))), 5000);
const createRate = Math.max(1, Math.round(RATE * CREATE_SHARE));
console.log(
  `Soak: ${DURATION} s, ${RATE} req/s offered (${RATE - createRate} reads + ${createRate} scan creations), engine ${ENGINE}, ${connectionsFor(RATE - createRate) + connectionsFor(createRate)} connections, API in its own process (serve mode), loopback`,
);
const started = Date.now();
const kinds = await Promise.all([
  run(
    'reads (list, usage, me)',
    RATE - createRate,
    [
      { method: 'GET', path: '/api/v1/scans/list' },
      { method: 'GET', path: '/api/v1/account/usage' },
      { method: 'GET', path: '/api/v1/scans/list?limit=100' },
      { method: 'GET', path: '/api/v1/account/me' },
    ],
  ),
  run(
    'POST /scans/create',
    createRate,
    [{ method: 'POST', path: '/api/v1/scans/create', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ project_url: project, package_type: 'quick' }) }],
  ),
]);
clearInterval(sampler);
const seconds = (Date.now() - started) / 1000;
const rssEnd = await rssMiB(child.pid!);
child.disconnect(); // the server drops its database and exits
await once(child, 'exit');
await rm(projects, { recursive: true, force: true });

const pad = (s: string | number, n: number) => String(s).padEnd(n);
const total = kinds.reduce((a, k) => ({ requests: a.requests + k.requests, errors: a.errors + k.errors }), { requests: 0, errors: 0 });
console.log(`\n${pad('kind', 26)}${pad('requests', 10)}${pad('req/s', 8)}${pad('errors', 8)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}max ms`);
for (const k of kinds) {
  console.log(`${pad(k.name, 26)}${pad(k.requests, 10)}${pad((k.requests / seconds).toFixed(0), 8)}${pad(k.errors, 8)}${pad(k.p50, 8)}${pad(k.p99, 8)}${k.max}`);
}
console.log(`${pad('total', 26)}${pad(total.requests, 10)}${pad((total.requests / seconds).toFixed(0), 8)}${pad(total.errors, 8)}`);
console.log(`\nserver RSS: start ${rssStart ?? '?'} MiB, end ${rssEnd ?? '?'} MiB, peak ${rssPeak} MiB`);
// The machine is shared: its load says how much of the latency tail is other people's work.
console.log(`machine: ${os.cpus().length} cores, 1-min load average ${loadStart.toFixed(1)} at start, ${os.loadavg()[0]!.toFixed(1)} at end`);
console.log(total.errors === 0 ? 'errors: 0 (met)' : `errors: ${total.errors} (MISSED: must be 0)`);
process.exit(total.errors === 0 ? 0 : 1);
