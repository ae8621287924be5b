// Real-world precision benchmark: scans every extracted manifest project with the real engine (package ultra),
// each in its own process, and checks the findings against the hand-written triage files (triage/<name>.csv).
// Prints one row per project and a PASS/FAIL verdict against issue 10's targets.
// Usage: npm run bench -- real-world [--only a,b] [--work /work/ext/real-world] [--advisory-db DIR]
//        [--threads 2] [--reuse] [--reports DIR] [--write-untriaged] [--json out.json]
// --reuse reads the reports of an earlier run instead of scanning; --reports keeps them elsewhere than --work
// (e.g. a saved copy of the first run, to re-print its table against today's triage).
// Extract first: npx tsx bench/real-world/extract.ts
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Finding, Report } from '../../packages/engine/src/index';
import { verdictOf } from '../../packages/report/src/model/assessment';
import { isExtracted, projectDir } from './extract';
import { BENCH_DIR, DEFAULT_WORK, loadManifest, selectProjects, type Project } from './manifest';
import {
  addTally,
  formatTriage,
  mediumSample,
  parseTriage,
  placeholderRow,
  precision,
  tally,
  type Tally,
  type TriageRow,
} from './triage';

const TARGET = { critHighPrecision: 0.9, mediumPrecision: 0.75 } as const;
const GRADES_BELOW_B = new Set(['C', 'D', 'F']);

interface RunMeta {
  seconds: number;
  peakRssMb: number;
}

interface ProjectResult {
  project: Project;
  report: Report;
  meta: RunMeta;
  critHigh: Finding[];
  sample: Finding[];
  critHighTally: Tally;
  sampleTally: Tally;
  triage: Map<string, TriageRow>;
}

function readTriage(name: string): Map<string, TriageRow> {
  const file = join(BENCH_DIR, 'triage', `${name}.csv`);
  return existsSync(file) ? parseTriage(readFileSync(file, 'utf8'), `triage/${name}.csv`) : new Map();
}

interface ScanSettings {
  work: string;
  reports: string;
  threads: number;
  advisoryDb: string | undefined;
  reuse: boolean;
}

function scanProject(p: Project, { work, reports, threads, advisoryDb, reuse }: ScanSettings): { report: Report; meta: RunMeta } {
  const reportFile = join(reports, `${p.name}.report.json`);
  const metaFile = join(reports, `${p.name}.run.json`);
  if (reuse && !(existsSync(reportFile) && existsSync(metaFile))) {
    // rescoring must never turn into a scan (with other settings than the run it stands for, e.g. no advisory database)
    throw new Error(`${p.name}: --reuse needs ${reportFile} and ${metaFile} from an earlier run; scan it without --reuse (or leave it out with --only)`);
  }
  if (!reuse) {
    const script = join(BENCH_DIR, 'scan-one.ts');
    const args = ['--import', 'tsx', script, projectDir(work, p.name).dir, p.name, reportFile, String(threads), ...(advisoryDb ? [advisoryDb] : [])];
    const r = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'pipe'] });
    if (r.status !== 0) throw new Error(`${p.name}: scan failed (exit ${r.status ?? r.signal}):\n${r.stderr.slice(-2000)}`);
    const last = r.stdout.trim().split('\n').pop() ?? '';
    writeFileSync(metaFile, last);
  }
  return { report: JSON.parse(readFileSync(reportFile, 'utf8')) as Report, meta: JSON.parse(readFileSync(metaFile, 'utf8')) as RunMeta };
}

function evaluate(p: Project, report: Report, meta: RunMeta): ProjectResult {
  const triage = readTriage(p.name);
  const critHigh = report.findings.filter((f) => f.severity === 'critical' || f.severity === 'high');
  const sample = mediumSample(p.name, report.findings, triage);
  return { project: p, report, meta, critHigh, sample, triage, critHighTally: tally(critHigh, triage), sampleTally: tally(sample, triage) };
}

function writeUntriaged(r: ProjectResult): number {
  const rows = [...r.critHigh, ...r.sample].filter((f) => !r.triage.get(f.id)?.verdict).map(placeholderRow);
  const dir = join(BENCH_DIR, 'untriaged');
  const file = join(dir, `${r.project.name}.csv`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, formatTriage(rows));
  return rows.length;
}

const pct = (x: number | null) => (x === null ? '-' : `${Math.round(x * 100)}%`);
const tdu = (t: Tally) => `${t.true}/${t.false}/${t.debatable}`;

function printTable(results: ProjectResult[]): { pass: boolean; lines: string[] } {
  const head = ['project', 'LOC', 'sec', 'C', 'H', 'M', 'L', 'C/H T/F/D', 'C/H prec', 'untri C/H', 'med T/F/D', 'med prec', 'score', 'grade', 'risk', 'verdict'];
  const rows = results.map((r) => {
    const c = r.report.counts;
    return [
      r.project.name,
      String(r.report.project.loc),
      r.meta.seconds.toFixed(0),
      String(c.critical),
      String(c.high),
      String(c.medium),
      String(c.low),
      tdu(r.critHighTally),
      pct(precision(r.critHighTally)),
      String(r.critHighTally.untriaged),
      `${tdu(r.sampleTally)} of ${r.sample.length}`,
      pct(precision(r.sampleTally)),
      String(r.report.score.overall),
      r.report.score.grade,
      r.report.score.risk,
      verdictOf(r.report).label,
    ];
  });
  const ch = results.reduce((t, r) => addTally(t, r.critHighTally), { true: 0, false: 0, debatable: 0, untriaged: 0 });
  const med = results.reduce((t, r) => addTally(t, r.sampleTally), { true: 0, false: 0, debatable: 0, untriaged: 0 });
  const sum = (pick: (r: ProjectResult) => number) => String(results.reduce((s, r) => s + pick(r), 0));
  rows.push([
    'TOTAL',
    sum((r) => r.report.project.loc),
    sum((r) => Math.round(r.meta.seconds)),
    sum((r) => r.report.counts.critical),
    sum((r) => r.report.counts.high),
    sum((r) => r.report.counts.medium),
    sum((r) => r.report.counts.low),
    tdu(ch),
    pct(precision(ch)),
    String(ch.untriaged),
    `${tdu(med)} of ${results.reduce((s, r) => s + r.sample.length, 0)}`,
    pct(precision(med)),
    '',
    '',
    '',
    '',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const fmt = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const lines = [fmt(head), ...rows.map(fmt)];

  const chP = precision(ch);
  const medP = precision(med);
  const lowGraded = results.filter((r) => r.critHighTally.true === 0 && GRADES_BELOW_B.has(r.report.score.grade)).map((r) => `${r.project.name} (${r.report.score.grade})`);
  const checks: [string, boolean][] = [
    [`critical/high precision ${pct(chP)} >= ${pct(TARGET.critHighPrecision)}`, chP !== null && chP >= TARGET.critHighPrecision],
    [`medium sample precision ${pct(medP)} >= ${pct(TARGET.mediumPrecision)}`, medP !== null && medP >= TARGET.mediumPrecision],
    [`no project without a true critical/high below grade B${lowGraded.length ? `: ${lowGraded.join(', ')}` : ''}`, lowGraded.length === 0],
    [`every critical/high triaged (${ch.untriaged} untriaged)`, ch.untriaged === 0],
  ];
  lines.push('', 'C/H T/F/D = critical+high findings triaged true/false/debatable; prec = true / triaged (debatable is not true).');
  for (const [what, ok] of checks) lines.push(`${ok ? 'PASS' : 'FAIL'}  ${what}`);
  const pass = checks.every(([, ok]) => ok);
  lines.push(pass ? 'RESULT: PASS' : 'RESULT: FAIL');
  return { pass, lines };
}

function jsonResult(r: ProjectResult) {
  return {
    name: r.project.name,
    repo: r.project.repo,
    commit: r.project.commit,
    language: r.project.language,
    loc: r.report.project.loc,
    seconds: r.meta.seconds,
    peakRssMb: r.meta.peakRssMb,
    counts: r.report.counts,
    score: r.report.score,
    verdict: verdictOf(r.report),
    critHigh: { ...r.critHighTally, precision: precision(r.critHighTally) },
    mediumSample: { ...r.sampleTally, size: r.sample.length, precision: precision(r.sampleTally) },
    findings: r.report.findings.map((f) => {
      const context = (f as unknown as { context?: unknown }).context ?? f.properties?.context;
      const verdict = r.triage.get(f.id)?.verdict || null;
      return {
        id: f.id,
        ruleId: f.ruleId,
        severity: f.severity,
        confidence: f.confidence,
        category: f.category,
        file: f.location.file,
        line: f.location.startLine,
        ...(context !== undefined ? { context } : {}),
        inMediumSample: r.sample.includes(f),
        verdict,
      };
    }),
  };
}

function engineCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: BENCH_DIR, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      work: { type: 'string', default: DEFAULT_WORK },
      'advisory-db': { type: 'string', default: process.env.DUESCAN_ADVISORY_DB },
      threads: { type: 'string', default: '2' },
      reuse: { type: 'boolean', default: false },
      reports: { type: 'string' },
      'write-untriaged': { type: 'boolean', default: false },
      json: { type: 'string' },
      'write-peers': { type: 'boolean', default: false },
    },
  });
  if (values['write-peers'] && values.only) throw new Error('--write-peers needs the whole corpus: drop --only.');
  const threads = Number(values.threads);
  if (!Number.isInteger(threads) || threads < 1) throw new Error('--threads must be a whole number of at least 1.');
  const projects = selectProjects(loadManifest(), values.only);
  const settings: ScanSettings = {
    work: values.work,
    reports: values.reports ?? values.work,
    threads,
    advisoryDb: values['advisory-db'],
    reuse: values.reuse,
  };
  mkdirSync(settings.reports, { recursive: true });
  const missing = values.reuse ? [] : projects.filter((p) => !isExtracted(values.work, p)).map((p) => p.name);
  if (missing.length) {
    console.error(`Not extracted in ${values.work} at the manifest commit: ${missing.join(', ')}. Run: npx tsx bench/real-world/extract.ts`);
    process.exit(2);
  }
  if (!values['advisory-db']) console.error('No --advisory-db / DUESCAN_ADVISORY_DB: dependency advisories use the default database location.');
  const results: ProjectResult[] = [];
  for (const p of projects) {
    process.stderr.write(`${p.name}: ${values.reuse ? 'reading' : 'scanning'}...\n`);
    const { report, meta } = scanProject(p, settings);
    const r = evaluate(p, report, meta);
    results.push(r);
    if (values['write-untriaged']) process.stderr.write(`${p.name}: ${writeUntriaged(r)} untriaged rows -> bench/real-world/untriaged/${p.name}.csv\n`);
  }
  const { pass, lines } = printTable(results);
  console.log(lines.join('\n'));
  if (values.json) {
    writeFileSync(values.json, JSON.stringify({ engineCommit: engineCommit(), advisoryDb: values['advisory-db'] ?? null, pass, projects: results.map(jsonResult) }, null, 1));
    console.error(`wrote ${values.json}`);
  }
  if (values['write-peers']) writePeers(results);
}

/** The engine's peer distribution (packages/engine/src/peer-scores.json) from this run's overall scores. */
function writePeers(results: ProjectResult[]): void {
  const file = join(BENCH_DIR, '..', '..', 'packages', 'engine', 'src', 'peer-scores.json');
  const peers = {
    corpus: `${results.length} well-maintained open-source web applications (bench/real-world)`,
    tier: 'ultra',
    engineVersion: results[0]?.report.tool.version ?? '',
    generatedAt: new Date().toISOString().slice(0, 10),
    scores: results.map((r) => r.report.score.overall).sort((a, b) => a - b),
  };
  writeFileSync(file, `${JSON.stringify(peers, null, 2)}\n`);
  console.error(`wrote ${file}`);
}

if (process.argv[1] && import.meta.filename === process.argv[1]) await main();
