// Recall on deliberately vulnerable web applications with documented flaws (labels/<name>.csv), and the
// precision of DueScan's critical/high findings there, beside an anchor run in the same script (ESLint security
// plugins for JavaScript, Bandit for Python). A finding confirms a label in the same file within ±2 lines and
// the same CWE family (match.ts). A critical/high finding on no labelled line is "unconfirmed" until it is
// judged in triage.csv (true/false, after reading the code); --verbose lists the unjudged ones.
//
// Usage: npx tsx bench/vuln-apps/run.ts [--verbose] [--only name,name] [--mirror /work/.mirror]
// The projects come from `fetch` mirrors (<mirror>/<owner>+<name>/repo); their code is extracted to
// /work/ext/vuln-apps/src and never committed.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { scan } from '../../packages/engine/src/scan';
import { banditAnchor, banditVersion, ensureEslintAnchor, eslintAnchor } from './anchors';
import { extractVulnApp, readVulnApps } from './extract';
import { type Hit, type Label, confirms, onLabelledLine, readLabels, readTriage, score } from './match';


const HERE = import.meta.dirname;
const { values: args } = parseArgs({ options: { verbose: { type: 'boolean', default: false }, only: { type: 'string' }, mirror: { type: 'string', default: '/work/.mirror' } } });

async function duescanHits(dir: string): Promise<{ hits: Hit[]; seconds: number }> {
  const t0 = performance.now();
  const report = await scan(dir, { package: 'ultra', threads: 2, gitignore: false });
  const hits = report.findings
    .filter((f) => f.analyzer !== 'deps' && f.analyzer !== 'licenses')
    .map((f) => ({ file: f.location.file, line: f.location.startLine, cwes: f.cwe, rule: f.ruleId, severe: f.severity === 'critical' || f.severity === 'high' }));
  return { hits, seconds: (performance.now() - t0) / 1000 };
}

function timed<T>(fn: () => T): { value: T; seconds: number } {
  const t0 = performance.now();
  const value = fn();
  return { value, seconds: (performance.now() - t0) / 1000 };
}

interface Row {
  name: string;
  labels: number;
  found: number;
  anchorFound: number;
  severeTrue: number;
  severeFalse: number;
  untriaged: number;
  seconds: number;
  anchorSeconds: number;
}

const pct = (n: number, d: number): string => (d ? `${((100 * n) / d).toFixed(0)}%` : '-').padStart(5);
const f1 = (p: number, r: number): number => (p + r ? (2 * p * r) / (p + r) : 0);

function printRows(rows: Row[], anchorName: string): void {
  console.log(`\n${'project'.padEnd(36)} labels  found recall | anchor recall | crit/high true false untriaged  prec   F1 |  secs anchor-s`);
  const line = (r: Row) => {
    const judged = r.severeTrue + r.severeFalse;
    const prec = judged ? r.severeTrue / judged : 0;
    const rec = r.labels ? r.found / r.labels : 0;
    console.log(
      `${r.name.padEnd(36)} ${String(r.labels).padStart(6)} ${String(r.found).padStart(6)} ${pct(r.found, r.labels)} | ${String(r.anchorFound).padStart(6)} ${pct(r.anchorFound, r.labels)} | ${String(r.severeTrue).padStart(14)} ${String(r.severeFalse).padStart(5)} ${String(r.untriaged).padStart(9)} ${pct(r.severeTrue, judged)} ${f1(prec, rec).toFixed(2)} | ${r.seconds.toFixed(1).padStart(5)} ${r.anchorSeconds.toFixed(1).padStart(7)}`,
    );
  };
  rows.forEach(line);
  const sum = (k: keyof Omit<Row, 'name'>) => rows.reduce((s, r) => s + r[k], 0);
  line({ name: 'overall', labels: sum('labels'), found: sum('found'), anchorFound: sum('anchorFound'), severeTrue: sum('severeTrue'), severeFalse: sum('severeFalse'), untriaged: sum('untriaged'), seconds: sum('seconds'), anchorSeconds: sum('anchorSeconds') });
  console.log(`anchors: ${anchorName}. prec = critical/high findings that are true (on a labelled line, or judged true in triage.csv) / judged; untriaged ones are not counted.`);
}

async function main(): Promise<void> {
  const only = args.only ? new Set((args.only as string).split(',')) : null;
  const projects = readVulnApps().filter((p) => !only || only.has(p.name));
  const triage = readTriage(join(HERE, 'triage.csv'));
  const anchorNames = new Set<string>();
  const rows: Row[] = [];
  for (const p of projects) {
    const dir = extractVulnApp(p, args.mirror as string);
    const labels: Label[] = readLabels(join(HERE, 'labels', `${p.name}.csv`));
    const { hits, seconds } = await duescanHits(dir);
    if (p.language === 'javascript') anchorNames.add(ensureEslintAnchor(join(HERE, 'anchor')));
    else anchorNames.add(banditVersion());
    const anchor = timed(() => (p.language === 'javascript' ? eslintAnchor(dir) : banditAnchor(dir)));
    const ours = score(labels, hits);
    const theirs = score(labels, anchor.value);
    const severe = hits.filter((h) => h.severe);
    const onLabel = severe.filter((h) => onLabelledLine(h, labels));
    const extras = severe.filter((h) => !onLabelledLine(h, labels));
    const verdict = (h: Hit) => triage.get(`${p.name}|${h.file}|${h.line}|${h.rule}`);
    const row: Row = {
      name: p.name,
      labels: labels.length,
      found: ours.found,
      anchorFound: theirs.found,
      severeTrue: onLabel.length + extras.filter((h) => verdict(h) === 'true').length,
      severeFalse: extras.filter((h) => verdict(h) === 'false').length,
      untriaged: extras.filter((h) => !verdict(h)).length,
      seconds,
      anchorSeconds: anchor.seconds,
    };
    rows.push(row);
    if (args.verbose) {
      console.log(`\n== ${p.name}: missed ${ours.missed.length}`);
      for (const l of ours.missed) console.log(`  missed   ${l.file}:${l.line} ${l.cwe} ${l.description}${theirs.missed.includes(l) ? '' : '  [anchor found it]'}`);
      for (const h of extras.filter((x) => !verdict(x))) console.log(`  untriaged ${p.name},${h.file},${h.line},${h.rule},<verdict>,<reason>   ${h.cwes.join(' ')}`);
      for (const l of labels.filter((x) => hits.some((h) => confirms(h, x)))) console.log(`  found    ${l.file}:${l.line} ${l.cwe}`);
    }
  }
  printRows(rows, [...anchorNames].join('; '));
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
