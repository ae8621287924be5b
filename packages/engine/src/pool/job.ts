// One analyzer run as a plain-data job: the same function runs in-process and on a worker thread.
import type { AnalyzerId, AnalyzerResult, ScanOptions, SkippedFile, TierPlan } from '../types';
import type { CollectedFile } from '../collect';
import { ANALYZERS } from '../analyzers';
import { createContext } from '../context';

export interface AnalyzerJob {
  analyzer: AnalyzerId;
  root: string;
  files: CollectedFile[];
  plan: TierPlan;
  /** Functions (onProgress) are stripped before a job crosses threads. */
  options: ScanOptions;
  hasGit: boolean;
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

export async function runJob(
  job: AnalyzerJob,
  thread: AnalyzerJobResult['thread'],
  texts?: Map<string, string>,
): Promise<AnalyzerJobResult> {
  const started = performance.now();
  const analyzer = ANALYZERS.find((a) => a.id === job.analyzer);
  const ctx = createContext({ ...job, texts });
  const base = { analyzer: job.analyzer, skipped: ctx.skipped, logs: ctx.logs, thread };
  if (!analyzer) {
    return { ...base, status: 'error', durationMs: 0, error: `analyzer "${job.analyzer}" is not part of this build` };
  }
  try {
    const result = await analyzer.run(ctx);
    return { ...base, status: 'ok', durationMs: performance.now() - started, result };
  } catch (e) {
    // One failing analyzer never aborts the scan: it is reported with status "error".
    const error = e instanceof Error ? e.message : String(e);
    return { ...base, status: 'error', durationMs: performance.now() - started, error };
  }
}
