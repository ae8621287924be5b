// One measured scan in its own process (so peak RSS is this scan's alone): prints one JSON line on stdout.
// Usage: npx tsx bench/engine-speed/scan-once.ts <dir> <tier> <threads|auto> [analyzer,...]  (auto: the engine's default)
import { isMainThread } from 'node:worker_threads';
import { scan, type AnalyzerId, type Tier } from '../../packages/engine/src/index';

// When bundled, the engine's worker threads load this same file and call this export (docs/architecture.md).
export { duescanWorker } from '../../packages/engine/src/index';

if (isMainThread) await main();

async function main(): Promise<void> {
  const [dir, tier, threads, only] = process.argv.slice(2);
  if (!dir || !tier || !threads) {
    console.error('usage: scan-once.ts <dir> <tier> <threads> [analyzers]');
    process.exit(2);
  }
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const report = await scan(dir, {
    package: tier as Tier,
    ...(threads === 'auto' ? {} : { threads: Number(threads) }),
    ...(only ? { analyzers: only.split(',') as AnalyzerId[] } : {}),
  });
  const seconds = (performance.now() - started) / 1000;
  // CPU time of the whole process, worker threads included: less sensitive to a loaded machine than wall time.
  const cpu = process.cpuUsage(cpuBefore);
  console.log(
    JSON.stringify({
      files: report.project.files,
      loc: report.project.loc,
      seconds,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      findings: report.findings.length,
      skipped: report.skipped.length,
      analyzers: report.analyzers.map((a) => ({
        id: a.id,
        status: a.status,
        ms: a.durationMs,
        findings: a.findings,
      })),
      peakRssMb: process.resourceUsage().maxRSS / 1024,
    }),
  );
}
