// Runs the planned analyzers: on a piscina worker pool sized to the cores, or in-process when threads=1.
// - Analyzers that parse (sast, quality, history) form ONE job, so they share one thread's parsed trees: each
//   file is parsed once, and only one thread holds trees (ast-grep trees cost ~27x their source in memory).
// - An analyzer that declares itself per-file for this plan (Analyzer.shardable) is split into one job per thread.
// - An aborted signal destroys the pool: running jobs' threads are terminated, queued jobs dropped, and the call
//   rejects only once every thread has exited, so nothing of the scan outlives it.
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { abortedError, throwIfAborted } from '../abort';
import type { AnalyzerId, ScanOptions } from '../types';
import { ANALYZERS } from '../analyzers';
import { runJob, type AnalyzerJob, type AnalyzerJobResult } from './job';
import { mergeShards, splitFiles } from './shards';
import { workerEntry } from './worker-entry';

/** Heaviest first, so the longest jobs start at once and the short ones fill the other threads. */
const COST_ORDER: AnalyzerId[] = ['sast', 'quality', 'history', 'secrets', 'deps', 'licenses', 'config'];
/** Analyzers that read parsed trees. */
export const TREE_READERS: ReadonlySet<AnalyzerId> = new Set(['sast', 'quality', 'history']);

export interface RunInput {
  analyzers: AnalyzerId[];
  base: Omit<AnalyzerJob, 'analyzers'>;
  texts: Map<string, string>;
  onDone?: (result: AnalyzerJobResult) => void;
  signal?: AbortSignal;
}

export function threadCount(options: ScanOptions, jobs: number): number {
  const wanted = options.threads ?? availableParallelism();
  if (!Number.isInteger(wanted) || wanted < 1) return 1;
  return Math.min(wanted, jobs);
}

/** Options without functions or the signal: the part that can cross to a worker thread. */
function cloneableOptions(options: ScanOptions): ScanOptions {
  const { onProgress: _onProgress, onLog: _onLog, signal: _signal, ...rest } = options;
  return rest;
}

/** Groups analyzers into jobs (see the header comment). */
export function planJobs(ids: AnalyzerId[], base: RunInput['base'], threads: number): AnalyzerJob[] {
  const ordered = [...ids].sort((a, b) => COST_ORDER.indexOf(a) - COST_ORDER.indexOf(b));
  const jobs: AnalyzerJob[] = [];
  const treeGroup: AnalyzerId[] = [];
  for (const id of ordered) {
    const analyzer = ANALYZERS.find((a) => a.id === id);
    if (threads > 1 && analyzer?.shardable?.(base.plan)) {
      for (const files of splitFiles(base.files, threads)) jobs.push({ ...base, files, analyzers: [id] });
    } else if (TREE_READERS.has(id)) {
      treeGroup.push(id);
    } else {
      jobs.push({ ...base, analyzers: [id] });
    }
  }
  if (treeGroup.length) jobs.unshift({ ...base, analyzers: treeGroup });
  return jobs;
}

/** One result per analyzer, shards merged, in the order the analyzers were asked for. */
function collate(ids: AnalyzerId[], results: AnalyzerJobResult[]): AnalyzerJobResult[] {
  return ids.flatMap((id) => {
    const parts = results.filter((r) => r.analyzer === id);
    return parts.length ? [mergeShards(parts)] : [];
  });
}

export async function runAnalyzers(input: RunInput): Promise<AnalyzerJobResult[]> {
  const { signal } = input;
  throwIfAborted(signal);
  const wanted = input.base.options.threads ?? availableParallelism();
  const jobs = planJobs(input.analyzers, input.base, Number.isInteger(wanted) ? wanted : 1);
  const threads = threadCount(input.base.options, jobs.length);
  const report = (rs: AnalyzerJobResult[]) => {
    for (const r of rs) input.onDone?.(r);
    return rs;
  };
  if (threads <= 1) {
    // In-process: every analyzer in this thread, sharing its trees.
    const ids = jobs.flatMap((j) => j.analyzers).filter((id, i, a) => a.indexOf(id) === i);
    const all = await runJob({ ...input.base, analyzers: ids }, 'main', input.texts, signal);
    return collate(input.analyzers, report(all));
  }
  const entry = workerEntry();
  const pool = new Piscina({ filename: entry.filename, name: entry.name, minThreads: threads, maxThreads: threads });
  // Not pool.run(task, { signal }): piscina would start a replacement for each terminated thread (minThreads) and
  // not wait for the old one to exit. destroy() terminates every thread, fails every job, and awaits the exits.
  let destroyed: Promise<void> | null = null;
  const destroy = () => (destroyed ??= pool.destroy());
  const onAbort = () => void destroy();
  signal?.addEventListener('abort', onAbort, { once: true });
  const options = cloneableOptions(input.base.options);
  const runOne = async (job: AnalyzerJob): Promise<AnalyzerJobResult[]> => {
    try {
      return report((await pool.run({ ...job, options })) as AnalyzerJobResult[]);
    } catch (e) {
      // Stopped on purpose: never fall back to running the job here.
      if (signal?.aborted) throw abortedError(signal);
      // The worker itself failed (not an analyzer, which reports its own errors): run the job here instead.
      const results = await runJob(job, 'main', input.texts, signal);
      for (const r of results) r.logs.push(`worker thread failed (${e instanceof Error ? e.message : String(e)}); ran in-process`);
      return report(results);
    }
  };
  try {
    return collate(input.analyzers, (await Promise.all(jobs.map(runOne))).flat());
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await destroy();
  }
}
