// Runs one measured scan in its own process (bench/engine-speed/scan-once.ts), from the engine bundled with esbuild
// as the CLI ships it (one file; worker threads load the same file), or from TypeScript via tsx with --source.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

export const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const useSource = process.argv.includes('--source');

export interface ScanResult {
  files: number;
  loc: number;
  seconds: number;
  cpuSeconds: number;
  findings: number;
  analyzers: { id: string; status: string; ms: number }[];
  peakRssMb: number;
}

/**
 * The measured program, bundled with esbuild as the CLI ships (one file; worker threads load the same file), so
 * timings exclude TypeScript loading in every worker. --source runs the TypeScript through tsx instead. The
 * bundle lives under node_modules/.cache so its external packages resolve from the repo's node_modules, in a folder
 * named after this checkout: git worktrees that link one node_modules would otherwise overwrite each other's bundle
 * in the middle of a run and measure the other checkout's engine.
 */
let bundled: string | null = null;
export function scanProgram(): string[] {
  if (useSource) return ['--import', 'tsx', join(repo, 'bench/engine-speed/scan-once.ts')];
  if (!bundled) {
    const checkout = createHash('sha256').update(repo).digest('hex').slice(0, 12);
    bundled = join(repo, 'node_modules/.cache/duescan-bench', checkout, 'scan-once.mjs');
    buildSync({
      entryPoints: [join(repo, 'bench/engine-speed/scan-once.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile: bundled,
      external: ['@ast-grep/*', 'piscina', 'tsx'],
      logLevel: 'warning',
      banner: {
        js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
      },
    });
  }
  return [bundled];
}

export function scanOnce(dir: string, tier: string, threads: number, only?: string): ScanResult {
  const args = [...scanProgram(), dir, tier, String(threads)];
  if (only) args.push(only);
  const out = execFileSync(process.execPath, args, {
    cwd: repo,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out.trim().split('\n').pop()!) as ScanResult;
}

/** Wall seconds, CPU seconds and peak RSS of a whole process (GNU time), and its output. */
export function timed(cmd: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  const r = spawnSync('/usr/bin/time', ['-f', '%e %M %U %S', cmd, ...args], { ...opts, encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
  const [seconds, rssKb, user, sys] = (r.stderr ?? '').trim().split('\n').pop()!.split(' ').map(Number);
  return { seconds: seconds!, peakRssMb: rssKb! / 1024, cpuSeconds: user! + sys!, stdout: r.stdout ?? '', status: r.status };
}

/** A scan as a user runs it: the whole process timed from outside, plus what the scan reports about itself. */
export function scanProcess(dir: string, tier: string, threads: number | 'auto'): ScanResult & { processSeconds: number; processRssMb: number } {
  const t = timed(process.execPath, [...scanProgram(), dir, tier, String(threads)], { cwd: repo });
  if (t.status !== 0) throw new Error(`scan of ${dir} failed (exit ${t.status})`);
  const r = JSON.parse(t.stdout.trim().split('\n').pop()!) as ScanResult;
  return { ...r, processSeconds: t.seconds, processRssMb: t.peakRssMb, cpuSeconds: t.cpuSeconds };
}

/** Commits a copied corpus to a fresh git repository (history analysis reads it) and marks it ready for reuse. */
export function commitCorpus(dir: string): string {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'ignore' });
  git('init', '-q');
  git('add', '-A');
  git('-c', 'user.name=Bench', '-c', 'user.email=bench@example.invalid', 'commit', '-q', '-m', 'corpus');
  writeFileSync(join(dir, '.ready'), '');
  return dir;
}
