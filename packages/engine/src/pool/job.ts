// Analyzer runs as plain-data jobs: the same function runs in-process and on a worker thread. A job may hold
// several analyzers; they run one after another in the same thread and share its parsed trees.
import type { AnalyzerId, AnalyzerResult, ScanOptions, SkippedFile, TierPlan } from '../types';
import type { CollectedFile } from '../collect';
import { ANALYZERS } from '../analyzers';
import { createContext } from '../context';
import { treeCacheFor } from '../tree-cache';
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

/** `signal` only in-process: between analyzers it lets the caller's timers run and stops when aborted. */
export async function runJob(
  job: AnalyzerJob,
  thread: AnalyzerJobResult['thread'],
  texts?: Map<string, string>,
  signal?: AbortSignal,
): Promise<AnalyzerJobResult[]> {
  const results: AnalyzerJobResult[] = [];
  for (const id of job.analyzers) {
    for (const part of job.parts?.[id] ?? [undefined]) {
      await checkpoint(signal);
      const result = await runOne(id, job, thread, texts, part);
      if (part !== undefined) result.jobParts = job.parts![id]!.join(',');
      results.push(result);
      // The pass's dropped syntax nodes are only freed once the event loop turns (native-garbage.ts).
      if (TREE_READERS.has(id)) await releaseNativeGarbage();
    }
  }
  return results;
}
