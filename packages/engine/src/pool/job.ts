// Analyzer runs as plain-data jobs: the same function runs in-process and on a worker thread. A job may hold
// several analyzers; they run one after another in the same thread and share its parsed trees.
import type { AnalyzerId, AnalyzerResult, ScanOptions, SkippedFile, TierPlan } from '../types';
import type { CollectedFile } from '../collect';
import { ANALYZERS } from '../analyzers';
import { createContext } from '../context';
import { treeCacheFor } from '../tree-cache';
import { isParsedLanguage } from '../parse/languages';
import { checkpoint } from '../abort';
import { releaseNativeGarbage } from '../native-garbage';

/** Analyzers that read parsed trees. */
export const TREE_READERS: ReadonlySet<AnalyzerId> = new Set(['sast', 'quality', 'history']);

export interface AnalyzerJob {
  analyzers: AnalyzerId[];
  root: string;
  files: CollectedFile[];
  plan: TierPlan;
  /** Functions (onProgress, onLog) are stripped before a job crosses threads. */
  options: ScanOptions;
  hasGit: boolean;
  /** Minified or generated files, for the secrets analyzer (AnalyzerContext.bundled). */
  bundled?: string[];
  /** Identifies the scan, so a thread reuses its parsed trees across this scan's jobs only. */
  scanId: string;
  /** For an analyzer split into parts (Analyzer.parts): the parts this job runs, in order, instead of `run`. */
  parts?: Partial<Record<AnalyzerId, string[]>>;
}

export interface AnalyzerJobResult {
  analyzer: AnalyzerId;
  status: 'ok' | 'error';
  durationMs: number;
  result?: AnalyzerResult;
  error?: string;
  skipped: SkippedFile[];
  logs: string[];
  /** Where it ran, for diagnostics and the benchmark. */
  thread: 'main' | 'worker';
  /** The part of the analyzer this result is (Analyzer.parts), merged by the engine. */
  part?: string;
  /** The parts that ran one after another in the same job as this one (their wall times add up). */
  jobParts?: string;
}

async function runOne(
  id: AnalyzerId,
  job: AnalyzerJob,
  thread: AnalyzerJobResult['thread'],
  texts?: Map<string, string>,
  part?: string,
): Promise<AnalyzerJobResult> {
  const started = performance.now();
  const analyzer = ANALYZERS.find((a) => a.id === id);
  const ctx = createContext({ ...job, texts, trees: treeCacheFor(job.scanId) });
  const base = { analyzer: id, skipped: ctx.skipped, logs: ctx.logs, thread, ...(part === undefined ? {} : { part }) };
  if (!analyzer) return { ...base, status: 'error', durationMs: 0, error: `analyzer "${id}" is not part of this build` };
  try {
    const result = part === undefined ? await analyzer.run(ctx) : await analyzer.parts!.run(ctx, part);
    return { ...base, status: 'ok', durationMs: performance.now() - started, result };
  } catch (e) {
    // One failing analyzer never aborts the scan: it is reported with status "error".
    const error = e instanceof Error ? e.message : String(e);
    return { ...base, status: 'error', durationMs: performance.now() - started, error };
  }
}

/**
 * Runs in the same thread as the others of its job at the same time when it reads the files in order: a whole
 * tree-reading analyzer, or a part its analyzer marks as such (AnalyzerParts.paced).
 */
function paced(id: AnalyzerId, part: string | undefined): boolean {
  if (!TREE_READERS.has(id)) return false;
  return part === undefined || (ANALYZERS.find((a) => a.id === id)?.parts?.paced?.includes(part) ?? false);
}

/**
 * `signal` only in-process: between analyzers it lets the caller's timers run and stops when aborted. The passes
 * that read the files in order run at the same time, kept within a few files of each other, so a tree parsed beyond
 * the cache's budget serves them all instead of being parsed again by each (tree-cache.ts `pace`); the others then
 * run one after another. Results keep the job's order.
 */
export async function runJob(
  job: AnalyzerJob,
  thread: AnalyzerJobResult['thread'],
  texts?: Map<string, string>,
  signal?: AbortSignal,
): Promise<AnalyzerJobResult[]> {
  const units = job.analyzers.flatMap((id) => (job.parts?.[id] ?? [undefined]).map((part) => ({ id, part })));
  const runUnit = async ({ id, part }: (typeof units)[number]): Promise<AnalyzerJobResult> => {
    await checkpoint(signal);
    const result = await runOne(id, job, thread, texts, part);
    if (part !== undefined) result.jobParts = job.parts![id]!.join(',');
    return result;
  };
  const done = new Map<(typeof units)[number], AnalyzerJobResult>();
  const together = units.filter((u) => paced(u.id, u.part));
  // Only when trees will be dropped: while every tree stays cached there is nothing to share, and passes run one
  // after another free their node wrappers between them (Juice Shop Ultra in one thread: ~7 % less CPU that way).
  const parsedBytes = job.files.reduce((n, f) => n + (isParsedLanguage(f.language) ? f.size : 0), 0);
  if (together.length > 1 && !treeCacheFor(job.scanId).fits(parsedBytes)) {
    treeCacheFor(job.scanId).readTogether();
    const results = await Promise.all(together.map(runUnit));
    together.forEach((u, i) => done.set(u, results[i]!));
    // The passes' dropped syntax nodes are only freed once the event loop turns (native-garbage.ts).
    await releaseNativeGarbage();
  }
  const results: AnalyzerJobResult[] = [];
  for (const u of units) {
    let result = done.get(u);
    if (!result) {
      result = await runUnit(u);
      if (TREE_READERS.has(u.id)) await releaseNativeGarbage();
    }
    results.push(result);
  }
  return results;
}
