// The speed goals of issue 14, measured side by side in one run (medians of --runs, default 3), each with its anchor
// tool on the same code: many small files (OWASP BenchmarkPython) against current Bandit, a Juice Shop-size TS/JS
// app against ESLint with its security plugins, 1M LOC of real projects (peak RSS), and `--version` start-up
// against `eslint --version`. Corpora are copied to a temp dir, never into the repo.
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { banditRunner } from '../anchors/bandit';
import { ensureEslintAnchor, eslintAnchorCommand } from '../vuln-apps/anchors';
import { commitCorpus, repo, scanProcess, timed } from './scan-process';

const EXT = process.env.DUESCAN_EXT ?? '/work/ext';
const work = join(tmpdir(), 'duescan-bench-engine-speed');
/** Real projects (bench/real-world's pinned checkouts) that together make ~1.1M LOC: TS/JS and Python. */
const MILLION = ['outline', 'documenso', 'netbox', 'hoppscotch'];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

function need(dir: string, how: string): string {
  if (!existsSync(dir)) throw new Error(`${dir} is missing: ${how}`);
  return dir;
}

/** A copy committed to a fresh git repository (history analysis reads it), built once. */
function gitCopy(name: string, sources: string[]): string {
  const dir = join(work, name);
  if (existsSync(join(dir, '.ready'))) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const src of sources) cpSync(src, join(dir, src.split('/').pop()!), { recursive: true });
  return commitCorpus(dir);
}

interface Row {
  case: string;
  tool: string;
  loc: number | '';
  seconds: number;
  cpu: number;
  rss: number;
  findings: number | '';
}

export async function runGoals(args: string[]): Promise<void> {
  const runs = Number(args[args.indexOf('--runs') + 1]) || 3;
  const cores = availableParallelism();
  const loadBefore = loadavg();
  const rows: Row[] = [];
  const ratios: string[] = [];
  const goals: string[] = [];
  const log = (m: string) => console.error(m);

  /** Our scan and an anchor interleaved `runs` times (the machine's load hits both alike); medians. */
  function pair(name: string, dir: string, tier: string, threads: number | 'auto', anchor: { label: string; run: () => { seconds: number; cpuSeconds: number; peakRssMb: number; findings: number } } | null) {
    const ours: ReturnType<typeof scanProcess>[] = [];
    const theirs: ReturnType<NonNullable<typeof anchor>['run']>[] = [];
    for (let i = 0; i < runs; i++) {
      log(`  ${name}: duescan ${tier} run ${i + 1}/${runs}`);
      ours.push(scanProcess(dir, tier, threads));
      if (anchor) {
        log(`  ${name}: ${anchor.label} run ${i + 1}/${runs}`);
        theirs.push(anchor.run());
      }
    }
    const o = { seconds: median(ours.map((r) => r.processSeconds)), cpu: median(ours.map((r) => r.cpuSeconds)), rss: median(ours.map((r) => r.processRssMb)) };
    rows.push({ case: name, tool: `duescan ${tier}${threads === 'auto' ? '' : `, ${threads} threads`}`, loc: ours[0]!.loc, ...o, findings: ours[0]!.findings });
    if (!anchor) return { ...o, anchor: undefined };
    const a = { seconds: median(theirs.map((r) => r.seconds)), cpu: median(theirs.map((r) => r.cpuSeconds)), rss: median(theirs.map((r) => r.peakRssMb)) };
    rows.push({ case: name, tool: anchor.label, loc: '', ...a, findings: theirs[0]!.findings });
    ratios.push(`${name}: duescan ${tier} is ${(a.seconds / o.seconds).toFixed(2)}x ${anchor.label}'s speed (wall), ${(a.cpu / o.cpu).toFixed(2)}x by CPU time`);
    return { ...o, anchor: a };
  }

  // 1. Many small files: BenchmarkPython against current Bandit (from source, CPython 3.12).
  const bp = need(join(EXT, 'BenchmarkPython'), 'fetch OWASP-Benchmark/BenchmarkPython and extract it there (git archive | tar -x)');
  const bandit = banditRunner();
  const banditRun = (dir: string) => () => {
    const t = timed(bandit.cmd, [...bandit.args, '-r', '.', '-f', 'json', '-q'], { cwd: dir, env: bandit.env });
    const json = JSON.parse(t.stdout || '{}') as { results?: unknown[] };
    return { ...t, findings: json.results?.length ?? 0 };
  };
  log(`BenchmarkPython (${runs} runs each)...`);
  const small = pair('BenchmarkPython', bp, 'ultra', 'auto', { label: bandit.version, run: banditRun(bp) });
  pair('BenchmarkPython', bp, 'quick', 'auto', null);
  const smallRatio = small.anchor!.seconds / small.seconds;
  goals.push(`many small files >= 3x Bandit: ${smallRatio.toFixed(2)}x ${smallRatio >= 3 ? 'MET' : 'not met'}`);

  // 2. Juice Shop-size TS/JS against the ESLint security stack.
  const js = need(join(EXT, 'juice-shop'), 'fetch juice-shop/juice-shop and extract it there');
  const eslintLabel = ensureEslintAnchor(join(repo, 'bench/vuln-apps/anchor'));
  log(`Juice Shop (${runs} runs each)...`);
  const juice = pair('Juice Shop', js, 'ultra', 'auto', {
    label: eslintLabel,
    run: () => {
      const { cmd, args: a } = eslintAnchorCommand();
      const t = timed(cmd, a, { cwd: js });
      const results = JSON.parse(t.stdout || '[]') as { messages: unknown[] }[];
      return { ...t, findings: results.reduce((n, f) => n + f.messages.length, 0) };
    },
  });
  goals.push(`Juice Shop < 1.5 s: ${juice.seconds.toFixed(2)} s ${juice.seconds < 1.5 ? 'MET' : 'not met'}`);

  // 3. 1M LOC of real projects, ultra, 2 threads: time and peak RSS.
  if (!args.includes('--no-million')) {
    const million = gitCopy('million', MILLION.map((p) => need(join(EXT, 'real-world', p), 'run bench/real-world once (it extracts the pinned projects)')));
    log(`1M LOC (${runs} runs${args.includes('--large-anchor') ? ', with Bandit on the same tree' : ''})...`);
    const m = pair('1M LOC', million, 'ultra', 2, args.includes('--large-anchor') ? { label: bandit.version, run: banditRun(million) } : null);
    goals.push(`1M LOC < 30 s: ${m.seconds.toFixed(1)} s ${m.seconds < 30 ? 'MET' : 'not met'}; peak RSS < 1 GB: ${m.rss.toFixed(0)} MB ${m.rss < 1024 ? 'MET' : 'not met'}`);
  }

  // 4. Start-up: `duescan --version` (the CLI bundle) against `eslint --version`, 7 interleaved runs each.
  const cli = join(repo, 'packages/cli/dist/duescan.mjs');
  execFileSync(process.execPath, ['build.mjs'], { cwd: join(repo, 'packages/cli'), stdio: 'ignore' });
  const startup = { duescan: [] as number[], eslint: [] as number[], node: [] as number[] };
  for (let i = 0; i < 7; i++) {
    startup.duescan.push(timed(process.execPath, [cli, '--version']).seconds);
    startup.eslint.push(timed(process.execPath, [join(repo, 'node_modules/eslint/bin/eslint.js'), '--version']).seconds);
    startup.node.push(timed(process.execPath, ['-e', '0']).seconds);
  }
  const [d, e, n] = [median(startup.duescan), median(startup.eslint), median(startup.node)];
  ratios.push(`--version: duescan ${d.toFixed(2)} s, eslint ${e.toFixed(2)} s (${(e / d).toFixed(2)}x), bare node ${n.toFixed(2)} s`);
  goals.push(`--version < 0.15 s: ${d.toFixed(2)} s ${d < 0.15 ? 'MET' : 'not met'} (node alone: ${n.toFixed(2)} s)`);

  const header = ['case', 'tool', 'LOC', 'seconds', 'CPU s', 'peak RSS MB', 'findings'];
  const cells = rows.map((r) => [r.case, r.tool, String(r.loc), r.seconds.toFixed(2), r.cpu.toFixed(1), r.rss.toFixed(0), String(r.findings)]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((x, i) => x.padEnd(widths[i]!)).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const c of cells) console.log(line(c));
  console.log('\n' + ratios.join('\n'));
  console.log('\ngoals:\n  ' + goals.join('\n  '));
  console.log(
    `\nmedians of ${runs} runs, whole processes (start-up included); ${cores} cores, threads: the engine's default (cores not busy) unless named; load average before: ${loadBefore.map((l) => l.toFixed(2)).join(' ')}, after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`,
  );
}
