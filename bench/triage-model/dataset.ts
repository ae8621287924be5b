// Builds bench/triage-model/dataset.jsonl, the triage model's training data: one line per finding of the current
// engine that a human verdict covers, with the finding's features (features.ts: rule, CWE, context, trace shape,
// properties; no code, no paths), its label (1 real, 0 false positive) and its project. Sources:
// - the 16 real-world projects: reports at <rw>/<name>.report.json (bench/real-world/run.ts --work <rw>) paired
//   with bench/real-world/triage/<name>.csv (label.ts: by id, else rule + path:line);
// - the 8 vulnerable apps: reports at <vuln>/<name>.report.json (scan-vuln-apps.ts) paired with their labels
//   and bench/vuln-apps/triage.csv.
// Usage: npx tsx bench/triage-model/dataset.ts [--rw /work/ext/rw-work] [--vuln /work/ext/vuln-apps]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Report } from '../../packages/engine/src/types';
import { describe, summarizeProject } from '../../packages/engine/src/triage-model/features';
import { loadManifest } from '../real-world/manifest';
import { parseTriage } from '../real-world/triage';
import { readVulnApps } from '../vuln-apps/extract';
import { readLabels, readTriage } from '../vuln-apps/match';
import { DATASET_FILE, type DatasetRow } from './dataset-file';
import { type Labelled, type MatchStats, labelVulnApp, matchTriage } from './label';

const BENCH = join(import.meta.dirname, '..');

function readReport(path: string): Report {
  if (!existsSync(path)) throw new Error(`No report at ${path}. Scan first (see bench/triage-model/README.md).`);
  return JSON.parse(readFileSync(path, 'utf8')) as Report;
}

function rowsOf(project: string, source: DatasetRow['source'], report: Report, labelled: Labelled[]): DatasetRow[] {
  const summary = summarizeProject(report.findings, report.dependencies.map((d) => d.name));
  return labelled.map(({ finding: f, label, how }) => ({
    project,
    source,
    id: f.id,
    rule: f.ruleId,
    severity: f.severity,
    label,
    how,
    features: describe(f, summary),
  }));
}

function main(): void {
  const { values } = parseArgs({ options: { rw: { type: 'string', default: '/work/ext/rw-work' }, vuln: { type: 'string', default: '/work/ext/vuln-apps' } } });
  const rows: DatasetRow[] = [];
  const total: MatchStats = { rows: 0, byId: 0, byLocation: 0, debatable: 0, unmatched: 0 };
  console.log(`${'project'.padEnd(36)} verdicts  by-id  by-loc  debatable  unmatched`);
  for (const p of loadManifest()) {
    const report = readReport(join(values.rw, `${p.name}.report.json`));
    const csv = readFileSync(join(BENCH, 'real-world', 'triage', `${p.name}.csv`), 'utf8');
    const { labelled, stats } = matchTriage(report.findings, parseTriage(csv, `${p.name}.csv`).values());
    for (const k of Object.keys(total) as (keyof MatchStats)[]) total[k] += stats[k];
    console.log(`${p.name.padEnd(36)} ${[stats.rows, stats.byId, stats.byLocation, stats.debatable, stats.unmatched].map((n, i) => String(n).padStart([8, 6, 7, 10, 10][i]!)).join(' ')}`);
    rows.push(...rowsOf(p.name, 'real-world', report, labelled));
  }
  const judged = total.rows - total.debatable;
  console.log(
    `real-world: ${total.rows} verdicts, ${total.debatable} debatable (left out); of the ${judged} true/false ones ${total.byId} matched by id, ${total.byLocation} by rule+location, ${total.unmatched} unmatched (left out): match rate ${((100 * (total.byId + total.byLocation)) / judged).toFixed(1)} %`,
  );
  const vulnTriage = readTriage(join(BENCH, 'vuln-apps', 'triage.csv'));
  for (const app of readVulnApps()) {
    const report = readReport(join(values.vuln, `${app.name}.report.json`));
    const labelled = labelVulnApp(app.name, report.findings, readLabels(join(BENCH, 'vuln-apps', 'labels', `${app.name}.csv`)), vulnTriage);
    console.log(`${app.name.padEnd(36)} ${labelled.filter((l) => l.how === 'label').length} on documented flaws, ${labelled.filter((l) => l.how === 'triage').length} judged in triage.csv`);
    rows.push(...rowsOf(app.name, 'vuln-apps', report, labelled));
  }
  // Fixed order (project, then id) so the file, and the weights trained from it, do not depend on scan order.
  rows.sort((a, b) => a.project.localeCompare(b.project) || a.id.localeCompare(b.id) || a.rule.localeCompare(b.rule));
  writeFileSync(DATASET_FILE, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  const real = rows.filter((r) => r.label === 1).length;
  console.log(`wrote ${rows.length} rows (${real} real, ${rows.length - real} false) from ${new Set(rows.map((r) => r.project)).size} projects to ${DATASET_FILE}`);
}

main();
