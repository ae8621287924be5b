// Runs the planned analyzers: on a piscina worker pool sized to the cores, or in-process when threads=1.
// Analyzers that declare themselves per-file (Analyzer.shardable) are split into one job per thread.
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { AnalyzerId, ScanOptions } from '../types';
import { ANALYZERS } from '../analyzers';
import { runJob, type AnalyzerJob, type AnalyzerJobResult } from './job';
import { mergeShards, splitFiles } from './shards';
import { workerEntry } from './worker-entry';

/** Heaviest first, so the longest jobs start at once and the short ones fill the other threads. */
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
  const { onProgress: _onProgress, onLog: _onLog, ...rest } = options;
  return rest;
}

/** The jobs for one analyzer: one per shard when it is per-file for this plan, else one. */
function jobsFor(id: AnalyzerId, base: RunInput['base'], threads: number): AnalyzerJob[] {
  const analyzer = ANALYZERS.find((a) => a.id === id);
  if (threads > 1 && analyzer?.shardable?.(base.plan)) {
    return splitFiles(base.files, threads).map((files) => ({ ...base, files, analyzer: id }));
  }
  return [{ ...base, analyzer: id }];
}

export async function runAnalyzers(input: RunInput): Promise<AnalyzerJobResult[]> {
  const ordered = [...input.analyzers].sort((a, b) => COST_ORDER.indexOf(a) - COST_ORDER.indexOf(b));
  const wanted = input.base.options.threads ?? availableParallelism();
  const sharded = ordered.map((id) => jobsFor(id, input.base, Number.isInteger(wanted) ? wanted : 1));
  const threads = threadCount(input.base.options, sharded.flat().length);
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
  const runOne = async (job: AnalyzerJob): Promise<AnalyzerJobResult> => {
    try {
      return (await pool.run({ ...job, options })) as AnalyzerJobResult;
    } catch (e) {
      // The worker itself failed (not the analyzer, which reports its own errors): run it here instead.
      const result = await runJob(job, 'main', input.texts);
      result.logs.push(`worker thread failed (${e instanceof Error ? e.message : String(e)}); ran in-process`);
      return result;
    }
  };
  try {
    return await Promise.all(sharded.map(async (jobs) => done(mergeShards(await Promise.all(jobs.map(runOne))))));
  } finally {
    await pool.destroy();
  }
}
