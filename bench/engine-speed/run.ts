// Engine speed benchmark. By default: the speed goals against their anchors (goals.ts: BenchmarkPython vs Bandit,
// Juice Shop vs ESLint security plugins, 1M LOC, --version vs eslint). With --tiers: builds two corpora from real code available offline (the Python 3.11 standard library
// and JavaScript/TypeScript packages from this repo's node_modules, copied to a temp dir and committed to a fresh
// git repo so history analysis has something to read), then scans them per tier in separate processes and runs
// secretlint (anchor) on the same corpora. Prints files, LOC, seconds, LOC/s and peak RSS.
// Usage: npx tsx bench/engine-speed/run.ts [--runs 3] [--no-million] [--large-anchor] [--source]
//        npx tsx bench/engine-speed/run.ts --tiers [--quick-only] [--large-anchor] [--source]
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const work = join(tmpdir(), 'duescan-bench-engine-speed');
const PY = '/usr/lib/python3.11';

/** Corpus name -> sources copied into it (relative to the repo, or absolute). */
const CORPORA: Record<string, string[]> = {
  medium: [
    'node_modules/eslint',
    ...['email', 'json', 'http', 'urllib', 'asyncio', 'logging', 'concurrent', 'xml', 'sqlite3'].map(
      (d) => `${PY}/${d}`,
    ),
  ],
  large: [
    PY,
    'node_modules/eslint',
    'node_modules/@babel',
    'node_modules/fastify',
    'node_modules/drizzle-orm',
  ],
};

function buildCorpus(name: string): string {
  const dir = join(work, name);
  if (existsSync(join(dir, '.ready'))) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const src of CORPORA[name]!) {
    const from = src.startsWith('/') ? src : join(repo, src);
    const to = join(
      dir,
      src.startsWith('/')
        ? `py/${src.slice(PY.length + 1) || 'stdlib'}`
        : src.replace(/^node_modules\//, 'js/'),
    );
    // Nested node_modules and caches would be excluded by the scanner anyway; skip copying them.
    cpSync(from, to, {
      recursive: true,
      dereference: false,
      filter: (p) => !/\/(node_modules|__pycache__)(\/|$)/.test(p.slice(from.length)),
    });
  }
  return commitCorpus(dir);
}

import { commitCorpus, scanOnce, useSource } from './scan-process';
import { runGoals } from './goals';

if (!process.argv.includes('--tiers')) {
  await runGoals(process.argv.slice(2));
  process.exit(0);
}

/** secretlint with its recommended preset, timed with /usr/bin/time for wall seconds and peak RSS. */
function secretlint(dir: string): {
  seconds: number;
  cpuSeconds: number;
  peakRssMb: number;
  findings: number;
} {
  const rc = join(work, 'secretlintrc.json');
  writeFileSync(rc, JSON.stringify({ rules: [{ id: '@secretlint/secretlint-rule-preset-recommend' }] }));
  const bin = join(repo, 'node_modules/secretlint/bin/secretlint.js');
  const args = [
    '-f',
    '%e %M %U %S',
    process.execPath,
    bin,
    '--secretlintrc',
    rc,
    '--format',
    'unix',
    '--no-color',
    '--maskSecrets',
    `${dir}/**/*`,
  ];
  // secretlint exits 1 when it finds something; its output is complete either way.
  const run = spawnSync('/usr/bin/time', args, { cwd: dir, encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
  const stdout = run.stdout ?? '';
  const stderr = run.stderr ?? '';
  const timing = (stderr || '').trim().split('\n').pop() ?? '';
  const [seconds, rssKb, user, sys] = timing.split(' ').map(Number);
  // unix format: one `path:line:col: message` line per finding.
  const findings = stdout.split('\n').filter((l) => /^\/.+:\d+:\d+: /.test(l)).length;
  return {
    seconds: seconds ?? NaN,
    cpuSeconds: (user ?? NaN) + (sys ?? NaN),
    peakRssMb: (rssKb ?? NaN) / 1024,
    findings,
  };
}

const rows: string[][] = [];
const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');
function row(
  corpus: string,
  what: string,
  r: { files?: number; seconds: number; cpuSeconds?: number; peakRssMb: number; findings: number },
  loc: number,
) {
  const cpu = r.cpuSeconds === undefined ? 'n/a' : fmt(r.cpuSeconds, 1);
  rows.push([
    corpus,
    what,
    String(r.files ?? ''),
    String(loc),
    fmt(r.seconds, 2),
    cpu,
    fmt(loc / r.seconds, 0),
    fmt(r.peakRssMb, 0),
    String(r.findings),
  ]);
  console.error('  ' + rows[rows.length - 1]!.join(' | '));
}

const quickOnly = process.argv.includes('--quick-only');
const loadBefore = loadavg();
console.error(
  `cores: ${availableParallelism()}, load average before: ${loadBefore.map((l) => l.toFixed(2)).join(' ')}`,
);
const analyzerNotes: string[] = [];
for (const corpus of quickOnly ? ['medium'] : ['medium', 'large']) {
  const dir = buildCorpus(corpus);
  let loc = 0;
  const tiers = corpus === 'medium' ? ['quick', 'pro', 'enterprise', 'ultra'] : ['quick', 'ultra'];
  for (const tier of quickOnly ? ['quick'] : tiers) {
    console.error(`scanning ${corpus} (${tier})...`);
    const r = scanOnce(dir, tier, availableParallelism());
    loc = r.loc;
    row(corpus, `duescan ${tier}`, r, loc);
    analyzerNotes.push(
      `${corpus}/${tier}: ` +
        r.analyzers
          .map((a) => `${a.id} ${a.status === 'ok' ? `${(a.ms / 1000).toFixed(1)}s` : a.status}`)
          .join(', '),
    );
  }
  if (!quickOnly && corpus === 'medium') {
    console.error('scanning medium (ultra, threads=1) for the pool comparison...');
    row(corpus, 'duescan ultra threads=1', scanOnce(dir, 'ultra', 1), loc);
  }
  console.error(`secrets anchor on ${corpus}...`);
  const ours = scanOnce(dir, 'ultra', 1, 'secrets');
  if (ours.analyzers.some((a) => a.id === 'secrets' && a.status === 'ok'))
    row(corpus, 'duescan secrets only', ours, loc);
  else rows.push([corpus, 'duescan secrets only', '', String(loc), 'not registered', '', '', '', '']);
  // secretlint needs tens of minutes on the large corpus of a loaded machine: opt in with --large-anchor.
  if (corpus === 'medium' || process.argv.includes('--large-anchor'))
    row(corpus, 'secretlint (anchor)', secretlint(dir), loc);
}

const header = ['corpus', 'run', 'files', 'LOC', 'seconds', 'CPU s', 'LOC/s', 'peak RSS MB', 'findings'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const r of rows) console.log(line(r));
console.log('\nper analyzer: \n' + analyzerNotes.join('\n'));
console.log(
  `\ncores: ${availableParallelism()}; load average before: ${loadBefore.map((l) => l.toFixed(2)).join(' ')}, after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(`engine: ${useSource ? 'TypeScript source via tsx' : 'esbuild bundle (as the CLI ships)'}`);
console.log(
  'seconds = scan() wall time inside the measuring process (process start and module loading excluded); CPU s = user+sys of\nthat process, worker threads included; secretlint: the whole process.',
);
