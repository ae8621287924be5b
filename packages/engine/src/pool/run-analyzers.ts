// Runs the planned analyzers: on a piscina worker pool sized to the cores, or in-process when threads=1.
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { AnalyzerId, ScanOptions } from '../types';
import { runJob, type AnalyzerJob, type AnalyzerJobResult } from './job';
import { workerEntry } from './worker-entry';

/** Heaviest first, so the longest job starts at once and the short ones fill the other threads. */
const COST_ORDER: AnalyzerId[] = ['sast', 'quality', 'history', 'secrets', 'deps', 'licenses', 'config'];

export interface RunInput {
  analyzers: AnalyzerId[];
  base: Omit<AnalyzerJob, 'analyzer'>;
  texts: Map<string, string>;
  onDone?: (result: AnalyzerJobResult) => void;
}

export function threadCount(options: ScanOptions, jobs: number): number {
  const wanted = options.threads ?? availableParallelism();
  if (!Number.isInteger(wanted) || wanted < 1) return 1;
  return Math.min(wanted, jobs);
}

/** Options without functions: the part that can cross to a worker thread. */
function cloneableOptions(options: ScanOptions): ScanOptions {
  const { onProgress: _onProgress, ...rest } = options;
  return rest;
}

export async function runAnalyzers(input: RunInput): Promise<AnalyzerJobResult[]> {
  const ordered = [...input.analyzers].sort((a, b) => COST_ORDER.indexOf(a) - COST_ORDER.indexOf(b));
  const threads = threadCount(input.base.options, ordered.length);
  const done = (r: AnalyzerJobResult) => {
    input.onDone?.(r);
    return r;
  };
  if (threads <= 1) {
    const results: AnalyzerJobResult[] = [];
    for (const id of ordered) results.push(done(await runJob({ ...input.base, analyzer: id }, 'main', input.texts)));
    return results;
  }
  const entry = workerEntry();
  const pool = new Piscina({ filename: entry.filename, name: entry.name, minThreads: threads, maxThreads: threads });
  const options = cloneableOptions(input.base.options);
  try {
    return await Promise.all(
      ordered.map(async (id) => {
        const job: AnalyzerJob = { ...input.base, options, analyzer: id };
        try {
          return done((await pool.run(job)) as AnalyzerJobResult);
        } catch (e) {
          // The worker itself failed (not the analyzer, which reports its own errors): run it here instead.
          const result = await runJob({ ...input.base, analyzer: id }, 'main', input.texts);
          result.logs.push(`worker thread failed (${e instanceof Error ? e.message : String(e)}); ran in-process`);
          return done(result);
        }
      }),
    );
  } finally {
    await pool.destroy();
  }
}
