// scan(dir, options) -> Report: collect, run the tier's analyzers (worker pool), suppress, score, assemble.
import { accessSync, constants, readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { AnalyzerRun, Finding, Report, ScanOptions, SkippedFile, Tier } from './types';
import { REPORT_SCHEMA_VERSION } from './types';
import { ANALYZERS } from './analyzers';
import { applyTier, checkFindings, countFindings } from './assemble';
import { collect, type CollectResult } from './collect';
import { ScanError } from './errors';
import { checkpoint, throwIfAborted } from './abort';
import { disambiguateIds } from './fingerprint';
import { dedupeAcrossAnalyzers } from './same-weakness';
import { contextualize } from './exec-context';
import { gitInfo } from './git-info';
import { runAnalyzers } from './pool/run-analyzers';
import type { AnalyzerJobResult } from './pool/job';
import { computeScore } from './score';
import { markNotAssessed, notAssessedCategories } from './assessed';
import { comparePeers } from './peers';
import { applySuppressions } from './suppress';
import { readBaseline } from './suppress/baseline';
import { TIERS } from './tiers';
import { ENGINE_VERSION } from './version';
import { applyTriageModel } from './triage-model/apply';
import { summarizeProject } from './triage-model/features';

function checkDirectory(dir: string): string {
  const root = resolve(dir);
  let isDir: boolean;
  try {
    isDir = statSync(root).isDirectory();
  } catch {
    throw new ScanError('not-found', `Cannot scan ${root}: no such file or directory. Check the path and try again.`);
  }
  if (!isDir) throw new ScanError('not-a-directory', `Cannot scan ${root}: it is a file, not a folder. Pass the project folder.`);
  try {
    accessSync(root, constants.R_OK | constants.X_OK);
    readdirSync(root);
  } catch {
    throw new ScanError('unreadable', `Cannot read ${root}: permission denied. Check the folder's permissions.`);
  }
  return root;
}

function checkOptions(options: ScanOptions): void {
  if (!options || !Object.hasOwn(TIERS, options.package)) {
    const got = options?.package === undefined ? 'no package' : `"${String(options.package)}"`;
    throw new ScanError('bad-option', `Unknown package ${got}. Use one of: ${Object.keys(TIERS).join(', ')}.`);
  }
  const { maxFileBytes, threads } = options;
  if (maxFileBytes !== undefined && !(Number.isFinite(maxFileBytes) && maxFileBytes > 0)) {
    throw new ScanError('bad-option', 'maxFileBytes must be a positive number of bytes.');
  }
  if (threads !== undefined && !(Number.isInteger(threads) && threads >= 1)) {
    throw new ScanError('bad-option', 'threads must be a whole number of at least 1.');
  }
}

function dedupeSkipped(entries: SkippedFile[]): SkippedFile[] {
  const seen = new Set<string>();
  return entries.filter((e) => {
    const key = `${e.reason}\0${e.file}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export async function scan(dir: string, options: ScanOptions): Promise<Report> {
  const started = performance.now();
  const { signal } = options ?? {};
  throwIfAborted(signal);
  checkOptions(options);
  const root = checkDirectory(dir);
  const tier: Tier = options.package;
  const plan = TIERS[tier];
  const baseline = options.baseline ? readBaseline(options.baseline) : null;
  const progress = options.onProgress ?? (() => {});

  progress('collect', 0, 1);
  const collected = collect(root, { maxFileBytes: options.maxFileBytes, gitignore: options.gitignore });
  if (collected.files.length === 0 && collected.skipped.length === 0) {
    throw new ScanError(
      'empty',
      `Nothing to scan in ${root}: the folder is empty or everything in it is excluded (node_modules, build output, .gitignore).`,
    );
  }
  progress('collect', 1, 1);
  const git = gitInfo(root);
  await checkpoint(signal);

  const wanted = plan.analyzers.filter((id) => !options.analyzers || options.analyzers.includes(id));
  const available = wanted.filter((id) => ANALYZERS.some((a) => a.id === id));
  let finished = 0;
  progress('analyze', 0, available.length);
  const results = await runAnalyzers({
    analyzers: available,
    base: {
      root,
      files: collected.files,
      plan,
      options,
      hasGit: git.hasGit,
      bundled: collected.skipped.filter((s) => s.reason === 'minified' || s.reason === 'generated').map((s) => s.file),
      scanId: randomUUID(),
    },
    texts: collected.texts,
    onDone: () => progress('analyze', ++finished, available.length),
    signal,
  });
  await checkpoint(signal);

  const log = options.onLog ?? (() => {});
  for (const r of results) for (const m of r.logs) log(`${r.analyzer}: ${m}`);
  const raw: Finding[] = [];
  for (const r of results) raw.push(...checkFindings(r.analyzer, r.result?.findings, log));
  const textOf = collectedText(collected);
  const { kept, accepted: allAccepted, suppressed } = applySuppressions({
    root,
    findings: contextualize(
      disambiguateIds(dedupeAcrossAnalyzers(raw)),
      collected.files.map((f) => f.path),
      textOf,
    ),
    textOf,
    baseline,
  });
  const findings = applyTier(kept, plan);
  // Accepted findings pass the same tier floor and cap, then count in the score beside the open ones.
  const accepted = applyTier(allAccepted, plan);
  const byId = new Map(results.map((r) => [r.analyzer, r]));
  const analyzers: AnalyzerRun[] = wanted.map((id) => analyzerRun(id, byId.get(id), findings));
  const merged = (pick: (r: AnalyzerJobResult) => unknown[] | undefined) => results.flatMap((r) => pick(r) ?? []);
  const deps = byId.get('deps')?.result;
  const dependencies = merged((r) => r.result?.dependencies) as Report['dependencies'];
  const licenses = merged((r) => r.result?.licenses) as Report['licenses'];
  const advisoryDatabase = deps?.advisoryDatabase ?? { date: null, records: 0 };
  const history = byId.get('history')?.result?.history;
  const notAssessed = notAssessedCategories({ tier, analyzers, advisoryDatabase, dependencies, licenses, history });
  // The triage model runs on the final list; the score below still reads `findings`, the engine's own confidence.
  const triage = applyTriageModel(findings, summarizeProject(findings, dependencies.map((d) => d.name)));

  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    tool: { name: 'DueScan', version: ENGINE_VERSION },
    generatedAt: new Date().toISOString(),
    tier,
    anonymized: false,
    project: {
      name: options.projectName ?? basename(root),
      languages: collected.languages,
      files: collected.files.length,
      loc: collected.loc,
      ...(git.commit ? { commit: git.commit } : {}),
      ...(git.branch ? { branch: git.branch } : {}),
    },
    analyzers,
    advisoryDatabase,
    findings: triage.findings,
    suppressed,
    accepted,
    dependencies,
    vulnerableDependencies: merged((r) => r.result?.vulnerableDependencies) as Report['vulnerableDependencies'],
    licenses,
    metrics: {
      ...(byId.get('quality')?.result?.quality ? { quality: byId.get('quality')!.result!.quality } : {}),
      ...(history ? { history } : {}),
    },
    score: withPeers(
      markNotAssessed(
        computeScore(
          [...findings, ...accepted],
          plan.maxFindings === null ? undefined : `This ${tier} scan scores only the ${plan.maxFindings} findings it reports (and as many accepted ones).`,
        ),
        notAssessed,
      ),
    ),
    counts: countFindings(findings),
    skipped: dedupeSkipped([...collected.skipped, ...results.flatMap((r) => r.skipped)]),
    triageModel: triage.run,
    durationMs: Math.round(performance.now() - started),
  };
}

/**
 * Text of a collected file: from collect's copy, or read again when the worker pool dropped that copy (see
 * pool/run-analyzers.ts); null for paths that were not collected (skipped files), as before.
 */
function collectedText(collected: CollectResult): (file: string) => string | null {
  const absPaths = new Map(collected.files.map((f) => [f.path, f.absPath]));
  return (file) => {
    const cached = collected.texts.get(file);
    if (cached !== undefined) return cached;
    const absPath = absPaths.get(file);
    if (absPath === undefined) return null;
    try {
      const text = readFileSync(absPath, 'utf8');
      collected.texts.set(file, text);
      return text;
    } catch {
      return null;
    }
  };
}

function analyzerRun(id: AnalyzerRun['id'], r: AnalyzerJobResult | undefined, findings: Finding[]): AnalyzerRun {
  if (!r) return { id, durationMs: 0, findings: 0, status: 'skipped', note: 'This analyzer is not available in this build.' };
  const run: AnalyzerRun = {
    id,
    durationMs: Math.round(r.durationMs),
    findings: findings.filter((f) => f.analyzer === id).length,
    status: r.status,
  };
  if (r.result?.packs) run.packs = r.result.packs;
  const note = r.status === 'error' ? `The ${id} analyzer failed: ${r.error}` : r.result?.note;
  if (note) run.note = note;
  return run;
}

/** The peer comparison, when the engine ships a reference distribution. */
function withPeers(score: Report['score']): Report['score'] {
  const peers = comparePeers(score.overall);
  return peers ? { ...score, peers } : score;
}
