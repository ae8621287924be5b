// SAST throughput: the full SAST analyzer (Ultra plan: all 14 packs, cross-file taint) on large Python and
// JS/TS codebases, LOC/s and peak RSS, beside Bandit (Debian python3-bandit) on the same Python code in the
// same run. Each tool runs as its own process under /usr/bin/time, so wall time and peak RSS are comparable.
//
// Usage: npx tsx bench/sast-speed/run.ts [--python <dir>]... [--js <dir>]...
// Defaults: /work/ext/BenchmarkPython and /work/ext/sqlalchemy (fetched outside the repo), and a JS/TS corpus
// copied from this repo's node_modules into /work/ext/js-corpus (never into the repo).
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const repo = resolve(import.meta.dirname, '../..');
const JS_PACKAGES = ['fastify', 'zod', 'vite', '@babel', 'drizzle-orm'];

interface Measured {
  wallS: number;
  /** User + system CPU seconds: the fair number on a shared, loaded machine where wall time waits for a core. */
  cpuS: number;
  peakMb: number;
  stdout: string;
}

/** Runs a command under GNU time: wall seconds, CPU seconds (process and waited-for children) and peak RSS. */
async function measure(cmd: string, args: string[]): Promise<Measured> {
  const { stdout, stderr } = await run('/usr/bin/time', ['-f', 'TIME %e %U %S %M', cmd, ...args], { maxBuffer: 512 * 1024 * 1024, cwd: repo }).catch(
    (e: { stdout?: string; stderr?: string }) => ({ stdout: e.stdout ?? '', stderr: e.stderr ?? '' }),
  );
  const m = /TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(stderr);
  if (!m) throw new Error(`could not measure ${cmd}: ${stderr.slice(-500)}`);
  return { wallS: Number(m[1]), cpuS: Number(m[2]) + Number(m[3]), peakMb: Number(m[4]) / 1024, stdout };
}

interface OurRun {
  files: number;
  loc: number;
  findings: number;
  packs: number;
  parseMs: number;
  analyzeMs: number;
}

async function duescan(root: string, language: 'python' | 'js', mode: 'sast' | 'taint' = 'sast'): Promise<Measured & { result: OurRun }> {
  const m = await measure(join(repo, 'node_modules/.bin/tsx'), [join(repo, 'bench/sast-speed/analyze.ts'), root, language, mode]);
  const line = m.stdout.trim().split('\n').pop() ?? '';
  return { ...m, result: JSON.parse(line) as OurRun };
}

/** Where the time goes: parsing vs the taint engine, in a separate process (not part of the comparison). */
async function breakdown(root: string, language: 'python' | 'js'): Promise<void> {
  const t = await duescan(root, language, 'taint');
  console.log(`     breakdown: parse ${(t.result.parseMs / 1000).toFixed(1)} s, taint engine ${(t.result.analyzeMs / 1000).toFixed(1)} s (${(t.result.loc / (t.result.analyzeMs / 1000)).toFixed(0)} LOC/s), rest of the analyzer = pattern rules`);
}

function jsCorpus(): string {
  const dir = '/work/ext/js-corpus';
  if (!existsSync(dir)) {
    mkdirSync(dir, { recursive: true });
    for (const p of JS_PACKAGES) {
      const src = join(repo, 'node_modules', p);
      if (existsSync(src)) cpSync(src, join(dir, p), { recursive: true });
    }
  }
  return dir;
}

function args(flag: string): string[] {
  const out: string[] = [];
  process.argv.forEach((a, i) => {
    if (a === flag && process.argv[i + 1]) out.push(resolve(process.argv[i + 1] as string));
  });
  return out;
}

const fmt = (n: number, w = 9): string => n.toFixed(0).padStart(w);

async function main(): Promise<void> {
  const pythonRoots = args('--python');
  const jsRoots = args('--js');
  if (pythonRoots.length === 0) pythonRoots.push(...['/work/ext/BenchmarkPython', '/work/ext/sqlalchemy'].filter((d) => existsSync(d)));
  // Only --python given: Python only (the JS corpus has no anchor to compare against).
  if (jsRoots.length === 0 && args('--python').length === 0) jsRoots.push(jsCorpus());
  console.log('codebase                         tool        files       LOC   wall s    CPU s     LOC/s  peak MB  findings');
  const row = (name: string, tool: string, files: number | string, loc: number, m: Measured, findings: number | string) =>
    console.log(`${name.slice(-32).padEnd(32)} ${tool.padEnd(8)} ${String(files).padStart(8)} ${fmt(loc)} ${m.wallS.toFixed(1).padStart(8)} ${m.cpuS.toFixed(1).padStart(8)} ${fmt(loc / m.wallS)} ${fmt(m.peakMb, 8)} ${String(findings).padStart(9)}`);
  const ratios: string[] = [];
  for (const root of pythonRoots) {
    const ours = await duescan(root, 'python');
    row(root, 'DueScan', ours.result.files, ours.result.loc, ours, ours.result.findings);
    const b = await measure('bandit', ['-r', root, '-f', 'json', '-q', '-o', '/dev/null']);
    row(root, 'Bandit', '', ours.result.loc, b, '');
    ratios.push(`${(b.wallS / ours.wallS).toFixed(1)}x wall / ${(b.cpuS / ours.cpuS).toFixed(1)}x CPU`);
    console.log(`  -> DueScan is ${(b.wallS / ours.wallS).toFixed(1)}x Bandit's speed by wall time, ${(b.cpuS / ours.cpuS).toFixed(1)}x by CPU time (analyzer alone: ${(ours.result.analyzeMs / 1000).toFixed(1)} s, ${ours.result.packs} packs)`);
    await breakdown(root, 'python');
  }
  for (const root of jsRoots) {
    const ours = await duescan(root, 'js');
    row(root, 'DueScan', ours.result.files, ours.result.loc, ours, ours.result.findings);
    console.log(`  -> analyzer alone: ${(ours.result.analyzeMs / 1000).toFixed(1)} s, ${ours.result.packs} packs (no JS anchor: Bandit is Python only)`);
    await breakdown(root, 'js');
  }
  if (ratios.length) console.log(`\nPython speed vs Bandit (whole process): ${ratios.join(', ')}`);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
