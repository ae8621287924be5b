// SAST accuracy on OWASP BenchmarkPython, scored with the benchmark's own rule: a test case is flagged when a
// finding in its file carries the expected CWE. Per category TPR, FPR and TPR - FPR; overall = mean over the
// categories. Current Bandit from its source on CPython 3.12 (bench/anchors/bandit.ts) runs on the same files in the
// same script as the anchor (Debian's Bandit 1.6 could not parse 461 of these files).
//
// Usage: npx tsx bench/sast-accuracy/run.ts [path to BenchmarkPython checkout]   (default /work/ext/BenchmarkPython)
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { PACK_ORDER } from '../../packages/engine/src/analyzers/sast/rule-types';
import { runTaint } from '../../packages/engine/src/analyzers/sast/taint';
import { makeTestContext } from '../../packages/engine/src/testing/make-context';
import type { AnalyzerContext, Finding } from '../../packages/engine/src/types';
import { banditRunner } from '../anchors/bandit';

const run = promisify(execFile);
const root = resolve(process.argv[2] ?? process.env.BENCHMARK_PYTHON_DIR ?? '/work/ext/BenchmarkPython');

interface Case {
  name: string;
  category: string;
  real: boolean;
  cwe: string;
}

function readExpected(dir: string): Case[] {
  const csv = readdirSync(dir).find((f) => /^expectedresults.*\.csv$/.test(f));
  if (!csv) throw new Error(`no expectedresults*.csv in ${dir}`);
  return readFileSync(join(dir, csv), 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => {
      const [name, category, real, cwe] = l.split(',').map((s) => s.trim());
      return { name: name as string, category: category as string, real: real === 'true', cwe: cwe as string };
    });
}

const TAINT_LABEL = 'DueScan taint engine alone (runTaint)';

/** DueScan: the full SAST analyzer when present (pattern rules + taint), else taint alone. */
async function duescan(ctx: AnalyzerContext): Promise<{ findings: Finding[]; label: string }> {
  const sastIndex = resolve(import.meta.dirname, '../../packages/engine/src/analyzers/sast/index.ts');
  if (existsSync(sastIndex)) {
    const mod = (await import(sastIndex)) as Record<string, unknown>;
    const analyzer = Object.values(mod).find((v): v is { id: string; run: (c: AnalyzerContext) => Promise<{ findings: Finding[] }> } => typeof v === 'object' && v !== null && (v as { id?: unknown }).id === 'sast' && typeof (v as { run?: unknown }).run === 'function');
    if (analyzer) return { findings: (await analyzer.run(ctx)).findings, label: 'DueScan (sast analyzer)' };
  }
  return { findings: runTaint(ctx, { packs: new Set(PACK_ORDER), crossFile: true }), label: TAINT_LABEL };
}

async function bandit(dir: string): Promise<{ byFile: Map<string, Set<string>>; unparsed: number; ms: number; version: string }> {
  const b = banditRunner();
  const t0 = Date.now();
  const out = await run(b.cmd, [...b.args, '-r', join(dir, 'testcode'), '-f', 'json', '-q'], { env: b.env, maxBuffer: 256 * 1024 * 1024 }).catch((e: { stdout?: string }) => ({ stdout: e.stdout ?? '' }));
  const json = JSON.parse(out.stdout || '{}') as { results?: { filename: string; test_id: string; issue_cwe?: { id: number } }[]; errors?: unknown[] };
  const byFile = new Map<string, Set<string>>();
  for (const r of json.results ?? []) {
    const key = basename(r.filename, '.py');
    if (!byFile.has(key)) byFile.set(key, new Set());
    // Debian's Bandit 1.6 predates issue_cwe: fall back to the CWE newer Bandit releases assign to each test id
    const cwe = r.issue_cwe?.id ?? BANDIT_CWE[r.test_id];
    if (cwe) byFile.get(key)?.add(String(cwe));
  }
  return { byFile, unparsed: (json.errors ?? []).length, ms: Date.now() - t0, version: b.version };
}

/** CWE per Bandit test id, as assigned by Bandit >= 1.7.3 (bandit/plugins and blacklists). */
const BANDIT_CWE: Record<string, number> = {
  B101: 703, B102: 78, B103: 732, B104: 605, B105: 259, B106: 259, B107: 259, B108: 377, B110: 703, B112: 703,
  B201: 94, B301: 502, B302: 502, B303: 328, B304: 327, B305: 327, B306: 377, B307: 78, B308: 79, B310: 22,
  B311: 330, B312: 319, B313: 20, B314: 20, B315: 20, B316: 20, B317: 20, B318: 20, B319: 20, B320: 20, B321: 319,
  B323: 295, B324: 327, B401: 319, B402: 319, B403: 502, B404: 78, B405: 20, B406: 20, B407: 20, B408: 20,
  B409: 20, B410: 20, B411: 20, B412: 20, B413: 327, B501: 295, B502: 327, B503: 327, B504: 327, B505: 326,
  B506: 20, B507: 295, B601: 78, B602: 78, B603: 78, B604: 78, B605: 78, B606: 78, B607: 78, B608: 89, B609: 78,
  B610: 89, B611: 89, B701: 94, B702: 80, B703: 80,
};

interface Row {
  category: string;
  cwe: string;
  tp: number;
  fn: number;
  fp: number;
  tn: number;
}

function score(cases: Case[], flagged: (c: Case) => boolean): Row[] {
  const rows = new Map<string, Row>();
  for (const c of cases) {
    const row = rows.get(c.category) ?? { category: c.category, cwe: c.cwe, tp: 0, fn: 0, fp: 0, tn: 0 };
    const hit = flagged(c);
    if (c.real && hit) row.tp++;
    else if (c.real) row.fn++;
    else if (hit) row.fp++;
    else row.tn++;
    rows.set(c.category, row);
  }
  return [...rows.values()].sort((a, b) => a.category.localeCompare(b.category));
}

const pct = (n: number): string => `${(n * 100).toFixed(1).padStart(6)}`;
const tpr = (r: Row): number => (r.tp + r.fn ? r.tp / (r.tp + r.fn) : 0);
const fpr = (r: Row): number => (r.fp + r.tn ? r.fp / (r.fp + r.tn) : 0);

function printTable(title: string, rows: Row[]): number {
  console.log(`\n${title}`);
  console.log('category          CWE   TP  FN  FP  TN    TPR%   FPR%  TPR-FPR');
  for (const r of rows) {
    console.log(`${r.category.padEnd(16)} ${r.cwe.padStart(4)} ${[r.tp, r.fn, r.fp, r.tn].map((n) => String(n).padStart(3)).join(' ')} ${pct(tpr(r))} ${pct(fpr(r))}  ${pct(tpr(r) - fpr(r))}`);
  }
  const overall = rows.reduce((s, r) => s + tpr(r) - fpr(r), 0) / rows.length;
  console.log(`overall (mean of ${rows.length} categories): ${(overall * 100).toFixed(1)}`);
  return overall;
}

function cweByFile(findings: Finding[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const f of findings) {
    const key = basename(f.location.file, '.py');
    if (!out.has(key)) out.set(key, new Set());
    for (const c of f.cwe) out.get(key)?.add(c.replace(/^CWE-/, ''));
  }
  return out;
}

async function main(): Promise<void> {
  if (!existsSync(join(root, 'testcode'))) throw new Error(`BenchmarkPython not found at ${root} (fetch it outside the repo first)`);
  const cases = readExpected(root);
  const ctx = makeTestContext(root, 'ultra');
  const t0 = Date.now();
  const { findings, label } = await duescan(ctx);
  const ms = Date.now() - t0;
  const ours = cweByFile(findings);
  const b = await bandit(root);
  if (label !== TAINT_LABEL) {
    // the taint engine alone, to show what the pattern rules add or cost
    const taintOnly = cweByFile(runTaint(ctx, { packs: new Set(PACK_ORDER), crossFile: true }));
    printTable(TAINT_LABEL, score(cases, (c) => !!taintOnly.get(c.name)?.has(c.cwe)));
  }
  const oursOverall = printTable(`${label}: ${findings.length} findings in ${(ms / 1000).toFixed(1)} s`, score(cases, (c) => !!ours.get(c.name)?.has(c.cwe)));
  const banditOverall = printTable(`${b.version}: ${b.unparsed} files it could not parse, ${(b.ms / 1000).toFixed(1)} s`, score(cases, (c) => !!b.byFile.get(c.name)?.has(c.cwe)));
  console.log(`\nDueScan overall ${(oursOverall * 100).toFixed(1)} vs Bandit ${(banditOverall * 100).toFixed(1)} (${cases.length} test cases)`);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
