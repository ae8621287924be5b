// Scans one extracted project in its own process (so its memory is its own), writes the full report JSON and
// prints one JSON line {seconds, peakRssMb} on stdout.
// Usage: node --import tsx bench/real-world/scan-one.ts <dir> <name> <report.json> <threads> [advisoryDb]
import { writeFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';
import { scan } from '../../packages/engine/src/index';

// When bundled, the engine's worker threads load this same file and call this export (docs/architecture.md).
export { duescanWorker } from '../../packages/engine/src/index';

if (isMainThread) await main();

async function main(): Promise<void> {
  const [dir, name, out, threads, advisoryDb] = process.argv.slice(2);
  if (!dir || !name || !out || !threads) {
    console.error('usage: scan-one.ts <dir> <name> <report.json> <threads> [advisoryDb]');
    process.exit(2);
  }
  const started = performance.now();
  const report = await scan(dir, {
    package: 'ultra',
    projectName: name,
    threads: Number(threads),
    ...(advisoryDb ? { advisoryDb } : {}),
    onLog: (m) => console.error(`${name}: ${m}`),
  });
  const seconds = (performance.now() - started) / 1000;
  writeFileSync(out, JSON.stringify(report));
  console.log(JSON.stringify({ seconds, peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024) }));
}
