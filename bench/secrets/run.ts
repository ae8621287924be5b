// Secrets bench: DueScan's secrets analyzer against Samsung/CredData's line labels on the repositories of
// manifest.json, beside secretlint (recommended preset) in the same run. Repositories come from local mirrors
// (the `fetch` tool's /work/.mirror/<owner>+<name>) and are extracted at the labelled commit to /work/ext/secrets.
// Matching is by file and line: a finding on a line labelled T is a true positive; one on a line labelled F or X,
// or on a line CredData never labelled, is a false positive (strict: CredData labelled the union of several
// scanners' hits, so an unlabelled hit is most likely noise). XML files are left out: CredData does not label them.
// Usage: npx tsx bench/secrets/run.ts [--only owner/name] [--json out.json] [--details misses.txt] [--no-anchor]
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scan, type Finding } from '../../packages/engine/src/index';
import { loadLabels, type ManifestRepo } from './labels';
import { metrics, scoreHits, sum, type Hit, type Score } from './score';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../..');
const MIRROR = process.env.DUESCAN_MIRROR ?? '/work/.mirror';
const EXT = process.env.DUESCAN_BENCH_EXT ?? '/work/ext/secrets';

interface Manifest {
  credData: { mirror: string };
  repos: ManifestRepo[];
}

function gitDirOf(mirrorName: string): string {
  for (const d of [join(MIRROR, mirrorName, 'repo'), join(MIRROR, mirrorName, 'repo/.git')]) {
    if (existsSync(join(d, 'HEAD'))) return d;
  }
  throw new Error(`No mirror for ${mirrorName} under ${MIRROR}: bring it with the fetch tool first.`);
}

function extract(gitDir: string, entry: ManifestRepo): string {
  const dir = join(EXT, `${entry.repo.replace('/', '+')}@${entry.commit.slice(0, 12)}`);
  if (existsSync(join(dir, '.duescan-bench-ready'))) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const archive = spawnSync('git', ['--git-dir', gitDir, 'archive', entry.commit], { maxBuffer: 1 << 30 });
  if (archive.status !== 0) throw new Error(`git archive ${entry.repo}@${entry.commit}: ${archive.stderr}`);
  execFileSync('tar', ['-x', '-C', dir], { input: archive.stdout });
  writeFileSync(join(dir, '.duescan-bench-ready'), '');
  return dir;
}

async function duescanHits(dir: string): Promise<Hit[]> {
  const report = await scan(dir, { package: 'enterprise', analyzers: ['secrets'], threads: 1 });
  // A finding names every line its value occurs on (properties.lines); each of those lines is a hit.
  return report.findings.flatMap((f: Finding) => {
    const extra = f.properties?.lines;
    const lines = Array.isArray(extra) ? extra.map(Number) : [f.location.startLine];
    return lines.map((line) => ({ file: f.location.file, line, severity: f.severity, rule: f.ruleId }));
  });
}

function secretlintHits(dir: string): Hit[] {
  const rc = join(EXT, 'secretlintrc.json');
  writeFileSync(rc, JSON.stringify({ rules: [{ id: '@secretlint/secretlint-rule-preset-recommend' }] }));
  const bin = join(repoRoot, 'node_modules/secretlint/bin/secretlint.js');
  const run = spawnSync(
    process.execPath,
    [bin, '--secretlintrc', rc, '--format', 'unix', '--no-color', '--maskSecrets', '**/*'],
    { cwd: dir, encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 },
  );
  // Exit 1 means "found something"; anything else with no output is a failure worth showing.
  if (run.status !== 0 && run.status !== 1) throw new Error(`secretlint failed in ${dir}: ${run.stderr}`);
  const hits: Hit[] = [];
  for (const line of run.stdout.split('\n')) {
    const m = /^(.+?):(\d+):\d+: /.exec(line);
    if (m) hits.push({ file: m[1]!.startsWith('/') ? m[1]!.slice(dir.length + 1) : m[1]!, line: Number(m[2]) });
  }
  return hits;
}

/** With --details FILE: every missed true label and every false hit of DueScan, for reading by hand. */
const details: string[] = [];

const fmt = (x: number) => (Number.isNaN(x) ? '  -  ' : x.toFixed(3));

function row(name: string, d: Score, a: Score | null): string {
  const m = metrics(d);
  const cells = [
    name.padEnd(26),
    String(d.trueLabels).padStart(4),
    `${String(d.found).padStart(4)} ${fmt(m.recall)} ${fmt(m.precision)} ${fmt(m.f1)}`,
    `${String(d.hits).padStart(5)} ${String(d.unlabelled).padStart(5)} ${String(d.highHits).padStart(4)} ${fmt(m.highPrecision)}`,
  ];
  if (a) {
    const n = metrics(a);
    cells.push(`${String(a.found).padStart(4)} ${fmt(n.recall)} ${fmt(n.precision)} ${fmt(n.f1)} ${String(a.hits).padStart(5)}`);
  }
  return cells.join(' | ');
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
  const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : undefined;
  const anchor = !args.includes('--no-anchor');
  const manifest = JSON.parse(readFileSync(join(here, 'manifest.json'), 'utf8')) as Manifest;
  const credData = gitDirOf(manifest.credData.mirror);
  mkdirSync(EXT, { recursive: true });

  const results: { repo: string; duescan: Score; secretlint: Score | null; seconds: number }[] = [];
  for (const entry of manifest.repos.filter((r) => !only || r.repo === only)) {
    const gitDir = gitDirOf(entry.repo.replace('/', '+'));
    const labels = loadLabels(credData, gitDir, entry);
    const dir = extract(gitDir, entry);
    const started = performance.now();
    details.push(`## ${entry.repo}`);
    const ours = scoreHits(labels, await duescanHits(dir));
    details.push(...ours.details);
    const duescan = ours.score;
    const seconds = (performance.now() - started) / 1000;
    const secretlint = anchor ? scoreHits(labels, secretlintHits(dir)).score : null;
    results.push({ repo: entry.repo, duescan, secretlint, seconds });
  }

  console.log('Secrets bench: Samsung/CredData line labels (T = credential; F, X and unlabelled lines = false)\n');
  console.log(
    `${'repository'.padEnd(26)} | ${'T'.padStart(4)} | DueScan: found recall  prec.   F1   | lines unlab high hiPrec ${anchor ? '| secretlint: found recall prec. F1 lines' : ''}`,
  );
  for (const r of results) console.log(row(r.repo, r.duescan, r.secretlint));
  const total = sum(results.map((r) => r.duescan));
  const totalAnchor = anchor ? sum(results.map((r) => r.secretlint!)) : null;
  console.log(row('OVERALL', total, totalAnchor));
  const m = metrics(total);
  console.log(
    `\nDueScan overall: recall ${fmt(m.recall)}, precision ${fmt(m.precision)}, F1 ${fmt(m.f1)}, high/critical precision ${fmt(m.highPrecision)} (${total.highTrue}/${total.highHits}); scan time ${results.reduce((s, r) => s + r.seconds, 0).toFixed(1)} s`,
  );
  if (totalAnchor) {
    const n = metrics(totalAnchor);
    console.log(`secretlint overall: recall ${fmt(n.recall)}, precision ${fmt(n.precision)}, F1 ${fmt(n.f1)}`);
  }
  if (jsonOut) writeFileSync(jsonOut, JSON.stringify(results, null, 2));
  const detailsOut = args.includes('--details') ? args[args.indexOf('--details') + 1] : undefined;
  if (detailsOut) writeFileSync(detailsOut, `${details.join('\n')}\n`);
}

await main();
