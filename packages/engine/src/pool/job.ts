// Analyzer runs as plain-data jobs: the same function runs in-process and on a worker thread. A job may hold
// several analyzers; they run one after another in the same thread and share its parsed trees.
import type { AnalyzerId, AnalyzerResult, ScanOptions, SkippedFile, TierPlan } from '../types';
import type { CollectedFile } from '../collect';
import { ANALYZERS } from '../analyzers';
import { createContext } from '../context';
import { treeCacheFor } from '../tree-cache';
import { checkpoint } from '../abort';

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
}

async function runOne(
  id: AnalyzerId,
  job: AnalyzerJob,
  thread: AnalyzerJobResult['thread'],
  texts?: Map<string, string>,
): Promise<AnalyzerJobResult> {
  const started = performance.now();
  const analyzer = ANALYZERS.find((a) => a.id === id);
  const ctx = createContext({ ...job, texts, trees: treeCacheFor(job.scanId) });
  const base = { analyzer: id, skipped: ctx.skipped, logs: ctx.logs, thread };
  if (!analyzer) return { ...base, status: 'error', durationMs: 0, error: `analyzer "${id}" is not part of this build` };
  try {
    const result = await analyzer.run(ctx);
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
    await checkpoint(signal);
    results.push(await runOne(id, job, thread, texts));
  }
  return results;
}
