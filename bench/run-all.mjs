#!/usr/bin/env node
// `npm run bench [-- <name> [args...]]`: runs one benchmark, or lists them. Each prints its own table with an
// anchor tool measured in the same run (ratios, because shared machines are noisy).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const BENCHES = {
  'engine-speed': 'speed goals: BenchmarkPython vs Bandit, Juice Shop vs ESLint security, 1M LOC, --version vs eslint (--tiers: per-tier table, anchor secretlint)',
  'sast-accuracy': 'OWASP BenchmarkPython TPR-FPR per category; anchor: current Bandit from source (CPython 3.12)',
  'sast-speed': 'SAST LOC/s and peak RSS on large Python and JS/TS code; anchor: Bandit',
  'report-render': 'PDF/HTML time and size for the samples and a 500-finding report; anchor: Chromium print-to-PDF',
  'api-load': 'requests/s and p99 of scans/list and account/usage with 1,000 scans; anchor: /health',
  'real-world': 'critical/high and medium-sample precision, score and verdict on 16 pinned open-source projects',
  secrets: 'recall, precision, F1 on Samsung/CredData line labels of 12 repositories; anchor: secretlint',
  'vuln-apps': 'recall on documented flaws of vulnerable apps, critical/high precision; anchors: ESLint security plugins, Bandit',
  'triage-model': "leave-one-project-out precision/recall of the engine's triage model vs keeping every finding; critical/high precision at 95 % recall",
  soak: 'mixed authenticated reads + scan creation at 200 req/s for 10 min (--duration): requests, errors, p50/p99, RSS start/end',
  lighthouse: 'mobile Lighthouse scores of /, /pricing, /login, /docs/get-started and landing JS size; anchor: a static HTML page',
};

const [name, ...args] = process.argv.slice(2);
if (!name || !(name in BENCHES)) {
  if (name) console.error(`Unknown benchmark: ${name}\n`);
  console.log('Usage: npm run bench -- <name> [args]\n');
  for (const [n, what] of Object.entries(BENCHES)) console.log(`  ${n.padEnd(14)} ${what}`);
  process.exit(name ? 2 : 0);
}
const script = fileURLToPath(new URL(`./${name}/run.ts`, import.meta.url));
if (!existsSync(script)) {
  console.error(`Missing ${script}`);
  process.exit(2);
}
const r = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { stdio: 'inherit' });
process.exit(r.status ?? 1);
