// `npm run bench -- triage-model`: leave-one-project-out cross-validation of the engine's triage model on the
// committed dataset.jsonl. Each project in turn is held out, the model (vocabulary, weights, threshold: fit.ts,
// exactly what train.ts ships) is fitted on the others and rates the held-out findings. The "real" call is
// probability >= that fold's threshold. Compared with the baseline of keeping every finding.
// Usage: npm run bench -- triage-model [--verbose]
import { parseArgs } from 'node:util';
import { vectorize } from '../../packages/engine/src/triage-model/features';
import { MARKED_SEVERITIES } from '../../packages/engine/src/triage-model/apply';
import { predict } from '../../packages/engine/src/triage-model/model';
import { type DatasetRow, readDataset } from './dataset-file';
import { KEEP_TRUE, fitWeights, keepThreshold } from './fit';

interface Rated {
  row: DatasetRow;
  p: number;
  /** The held-out fold's threshold. */
  threshold: number;
}

export function leaveOneProjectOut(rows: readonly DatasetRow[]): Rated[] {
  const projects = [...new Set(rows.map((r) => r.project))].sort();
  const out: Rated[] = [];
  for (const held of projects) {
    const weights = fitWeights(rows.filter((r) => r.project !== held));
    for (const row of rows.filter((r) => r.project === held)) {
      out.push({ row, p: predict(weights, vectorize(row.features, weights.vocabulary)), threshold: weights.threshold });
    }
  }
  return out;
}

interface Cell {
  n: number;
  real: number;
  kept: number;
  keptReal: number;
}

function cell(rated: readonly Rated[], threshold?: number): Cell {
  // what the scan does: only medium and below are marked (apply.ts MARKED_SEVERITIES); a threshold given explicitly
  // measures the model's own call on every finding
  const kept = rated.filter((r) => (threshold === undefined && !MARKED_SEVERITIES.has(r.row.severity)) || r.p >= (threshold ?? r.threshold));
  return { n: rated.length, real: rated.filter((r) => r.row.label === 1).length, kept: kept.length, keptReal: kept.filter((r) => r.row.label === 1).length };
}

const pct = (n: number, d: number): string => (d ? `${((100 * n) / d).toFixed(1)}%` : '-').padStart(7);

function line(name: string, c: Cell): string {
  return `${name.padEnd(34)} ${String(c.n).padStart(5)} ${String(c.real).padStart(5)} ${pct(c.real, c.n)} | ${String(c.kept).padStart(5)} ${pct(c.keptReal, c.kept)} ${pct(c.keptReal, c.real)} ${String(c.n - c.kept).padStart(7)} ${String(c.real - c.keptReal).padStart(9)}`;
}

/** Area under the ROC curve: the chance a random real finding is rated above a random false one. */
function auc(rated: readonly Rated[]): number {
  const pos = rated.filter((r) => r.row.label === 1);
  const neg = rated.filter((r) => r.row.label === 0);
  if (!pos.length || !neg.length) return Number.NaN;
  let wins = 0;
  for (const a of pos) for (const b of neg) wins += a.p > b.p ? 1 : a.p === b.p ? 0.5 : 0;
  return wins / (pos.length * neg.length);
}

function main(): void {
  const { values } = parseArgs({ options: { verbose: { type: 'boolean', default: false } } });
  const rows = readDataset();
  const t0 = performance.now();
  const rated = leaveOneProjectOut(rows);
  const seconds = (performance.now() - t0) / 1000;
  const projects = new Set(rows.map((r) => r.project)).size;
  const severe = (r: Rated) => r.row.severity === 'critical' || r.row.severity === 'high';
  console.log(`Triage model, leave-one-project-out over ${projects} projects, ${rows.length} judged findings (${seconds.toFixed(1)} s).`);
  console.log(`Baseline = keep every finding (precision = share real). Model = keep findings rated >= the fold's threshold (fitted to keep ${KEEP_TRUE * 100}% of the training folds' real findings).\n`);
  console.log(`${'slice'.padEnd(34)}     n  real  base-P |  kept model-P  recall  marked  real-lost`);
  const slices: [string, (r: Rated) => boolean][] = [
    ['all', () => true],
    ['critical/high', severe],
    ['medium', (r) => r.row.severity === 'medium'],
    ['low/info', (r) => r.row.severity === 'low' || r.row.severity === 'info'],
    ['real-world corpus', (r) => r.row.source === 'real-world'],
    ['real-world critical/high', (r) => r.row.source === 'real-world' && severe(r)],
    ['vulnerable apps', (r) => r.row.source === 'vuln-apps'],
  ];
  for (const [name, keep] of slices) console.log(line(name, cell(rated.filter(keep))));
  console.log(`AUC (all) ${auc(rated).toFixed(3)}, AUC (critical/high) ${auc(rated.filter(severe)).toFixed(3)}`);

  // The question: critical/high precision once triage keeps >= 95 % of the real ones. The shipped rule
  // (each fold's own threshold) is the honest number; the threshold chosen on the pooled held-out
  // critical/high ratings themselves is tuned on the test data itself (optimistic), shown beside it and labelled as such.
  const ch = rated.filter(severe);
  const base = cell(ch, 0);
  const shipped = cell(ch);
  const best = keepThreshold(ch.map((r) => r.p), ch.map((r) => r.row.label), KEEP_TRUE);
  const post = cell(ch, best);
  console.log('\ncritical/high precision at >= 95 % of the real ones kept (target: precision >= 95 %)');
  console.log(`  baseline (keep all):                     precision ${pct(base.keptReal, base.kept)}  recall ${pct(base.keptReal, base.real)}  (${base.real} real of ${base.n})`);
  console.log(`  model, each fold's threshold (shipped):  precision ${pct(shipped.keptReal, shipped.kept)}  recall ${pct(shipped.keptReal, shipped.real)}`);
  console.log(`  model, threshold ${best.toFixed(4)} tuned on these held-out ratings (optimistic): precision ${pct(post.keptReal, post.kept)}  recall ${pct(post.keptReal, post.real)}`);
  const met = shipped.kept > 0 && shipped.keptReal / shipped.kept >= 0.95 && shipped.keptReal / shipped.real >= KEEP_TRUE;
  console.log(`${met ? 'PASS' : 'FAIL'} critical/high precision >= 95 % at recall >= 95 % (shipped thresholds)`);
  if (!met) {
    console.log(
      `  Why: only ${base.n} judged critical/high findings (${base.n - base.real} false), ${ch.filter((r) => r.row.source === 'real-world').length} of them from the real-world corpus; ` +
        'most real critical/high findings come from deliberately vulnerable apps, most false ones from maintained projects, so a held-out project ' +
        'is rated by a model that saw few findings like its own. One false finding kept moves precision by several points at this size.',
    );
  }

  if (values.verbose) {
    console.log(`\n${'project'.padEnd(34)}     n  real  base-P |  kept model-P  recall  marked  real-lost`);
    for (const p of [...new Set(rows.map((r) => r.project))].sort()) console.log(line(p, cell(rated.filter((r) => r.row.project === p))));
    console.log('\ncritical/high findings the shipped rule gets wrong (project, rule, label, p, threshold):');
    for (const r of ch.filter((x) => (x.p >= x.threshold) !== (x.row.label === 1))) {
      console.log(`  ${r.row.project} ${r.row.rule} label=${r.row.label} p=${r.p.toFixed(3)} t=${r.threshold.toFixed(3)}`);
    }
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) main();
