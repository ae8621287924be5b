// Scans the labelled vulnerable apps (bench/vuln-apps) and keeps each full report as
// <out>/<name>.report.json, the input dataset.ts reads beside the real-world reports. Each scan runs in its own
// process (bench/real-world/scan-one.ts), like the real-world bench, with the same package (ultra).
// Usage: npx tsx bench/triage-model/scan-vuln-apps.ts [--mirror /work/.mirror] [--out /work/ext/vuln-apps] [--advisory-db DIR] [--threads N]
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { extractVulnApp, readVulnApps } from '../vuln-apps/extract';

const { values } = parseArgs({
  options: {
    mirror: { type: 'string', default: '/work/.mirror' },
    out: { type: 'string', default: '/work/ext/vuln-apps' },
    'advisory-db': { type: 'string' },
    threads: { type: 'string', default: '1' },
  },
});
const scanOne = join(import.meta.dirname, '..', 'real-world', 'scan-one.ts');
mkdirSync(values.out, { recursive: true });
for (const app of readVulnApps()) {
  const dir = extractVulnApp(app, values.mirror);
  const out = join(values.out, `${app.name}.report.json`);
  const extra = values['advisory-db'] ? [values['advisory-db']] : [];
  const line = execFileSync(process.execPath, ['--import', 'tsx', scanOne, dir, app.name, out, values.threads, ...extra], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  console.log(`${app.name}: ${line.trim()} -> ${out}`);
}
