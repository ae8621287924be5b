// Findings snapshot: what a scan reports (finding id, rule, file, line, severity; skipped files), so the speed work
// can prove it changed no result. `write` scans each project per tier and writes one JSON file; `compare` prints
// every difference between two snapshots and exits 1 if there is any.
// Usage: npx tsx bench/engine-speed/findings-snapshot.ts write <out.json> <dir>... [--tiers quick,ultra] [--threads n]
//        npx tsx bench/engine-speed/findings-snapshot.ts compare <before.json> <after.json>
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { scan, type Report, type Tier } from '../../packages/engine/src/index';

export { duescanWorker } from '../../packages/engine/src/index';

/** Project name -> tier -> sorted finding lines and skipped-file lines. */
export type Snapshot = Record<string, Record<string, { findings: string[]; skipped: string[] }>>;

export function summarize(report: Report): { findings: string[]; skipped: string[] } {
  const line = (f: Report['findings'][number], state: string) =>
    [state, f.id, f.ruleId, f.location.file, f.location.startLine, f.severity, f.confidence].join(' ');
  return {
    findings: [...report.findings.map((f) => line(f, 'open')), ...(report.accepted ?? []).map((f) => line(f, 'accepted'))].sort(),
    skipped: report.skipped.map((s) => `${s.reason} ${s.file}`).sort(),
  };
}

/** Every line present in one snapshot and not the other, per project and tier. */
export function diffSnapshots(before: Snapshot, after: Snapshot): string[] {
  const out: string[] = [];
  for (const project of new Set([...Object.keys(before), ...Object.keys(after)])) {
    for (const tier of new Set([...Object.keys(before[project] ?? {}), ...Object.keys(after[project] ?? {})])) {
      const b = before[project]?.[tier];
      const a = after[project]?.[tier];
      if (!a || !b) {
        out.push(`${project}/${tier}: only in ${a ? 'after' : 'before'}`);
        continue;
      }
      for (const key of ['findings', 'skipped'] as const) {
        const bs = new Set(b[key]);
        const as = new Set(a[key]);
        for (const l of b[key]) if (!as.has(l)) out.push(`${project}/${tier} - ${key}: ${l}`);
        for (const l of a[key]) if (!bs.has(l)) out.push(`${project}/${tier} + ${key}: ${l}`);
      }
    }
  }
  return out;
}

export async function snapshot(dirs: string[], tiers: Tier[], threads?: number): Promise<Snapshot> {
  const out: Snapshot = {};
  for (const dir of dirs) {
    const name = basename(resolve(dir));
    out[name] = {};
    for (const tier of tiers) {
      const report = await scan(dir, { package: tier, ...(threads ? { threads } : {}) });
      out[name][tier] = summarize(report);
    }
  }
  return out;
}

async function main(): Promise<void> {
  const [cmd, ...rest] = process.argv.slice(2);
  if (cmd === 'write' && rest.length >= 2) {
    const tiersAt = rest.indexOf('--tiers');
    const tiers = (tiersAt >= 0 ? rest.splice(tiersAt, 2)[1]! : 'quick,ultra').split(',') as Tier[];
    const threadsAt = rest.indexOf('--threads');
    const threads = threadsAt >= 0 ? Number(rest.splice(threadsAt, 2)[1]) : undefined;
    const [outFile, ...dirs] = rest;
    const snap = await snapshot(dirs, tiers, threads);
    writeFileSync(outFile!, JSON.stringify(snap, null, 1) + '\n');
    for (const [p, t] of Object.entries(snap))
      console.log(`${p}: ${Object.entries(t).map(([tier, s]) => `${tier} ${s.findings.length} findings`).join(', ')}`);
    return;
  }
  if (cmd === 'compare' && rest.length === 2) {
    const [b, a] = rest.map((f) => JSON.parse(readFileSync(f!, 'utf8')) as Snapshot);
    const diff = diffSnapshots(b!, a!);
    for (const d of diff) console.log(d);
    console.log(diff.length ? `${diff.length} differences` : 'identical');
    process.exit(diff.length ? 1 : 0);
  }
  console.error('usage: findings-snapshot.ts write <out.json> <dir>... [--tiers quick,ultra] [--threads n] | compare <before.json> <after.json>');
  process.exit(2);
}

if (isMainThread && process.argv[1] && /findings-snapshot\.[mt]?[jt]s$/.test(process.argv[1])) await main();
