// Runs the planned analyzers: on a piscina worker pool sized to the cores, or in-process when threads=1.
// - Analyzers that parse (sast, quality, history) form ONE job, so they share one thread's parsed trees: each
//   file is parsed once, and only one thread holds trees (ast-grep trees cost ~27x their source in memory).
// - An analyzer made of independent passes (Analyzer.parts, SAST) is split, with more than one thread and at most
//   SPLIT_MAX_PARSED_BYTES of parsed source, into one tree-reading job per group of parts; the other tree readers
//   join the last group. Each such thread parses what its passes read: one more parse of a file read by both
//   (parsing is ~10 % of SAST) and a second copy of its tree, which is why large corpora keep one tree thread.
// - An analyzer that declares itself per-file for this plan (Analyzer.shardable) is split into one job per thread.
// - An aborted signal destroys the pool: running jobs' threads are terminated, queued jobs dropped, and the call
//   rejects only once every thread has exited, so nothing of the scan outlives it.
import { availableParallelism, loadavg } from 'node:os';
import { Piscina } from 'piscina';
import { abortedError, throwIfAborted } from '../abort';
import type { AnalyzerId, ScanOptions } from '../types';
import { ANALYZERS } from '../analyzers';
import { isParsedLanguage } from '../parse/languages';
import { runJob, TREE_READERS, type AnalyzerJob, type AnalyzerJobResult } from './job';

export { TREE_READERS } from './job';
import { mergeParts, mergeShards, splitFiles } from './shards';
import { workerEntry } from './worker-entry';

/** Heaviest first, so the longest jobs start at once and the short ones fill the other threads. */
const COST_ORDER: AnalyzerId[] = ['sast', 'quality', 'history', 'secrets', 'deps', 'licenses', 'config'];
/**
 * Above this much source in parsed languages, SAST's parts share one thread: each tree thread holds its own cache
 * of trees (~50x up to TREE_CACHE_BYTES of source, tree-cache.ts), so a second one would add ~0.5 GB to peak memory.
 */
export const SPLIT_MAX_PARSED_BYTES = 8 * 1024 * 1024;

export interface RunInput {
  analyzers: AnalyzerId[];
  base: Omit<AnalyzerJob, 'analyzers'>;
  texts: Map<string, string>;
  onDone?: (result: AnalyzerJobResult) => void;
  signal?: AbortSignal;
}

/**
 * Threads when the caller did not choose: the cores not already busy (1-minute load average), at least one. Measured
 * on 2 cores at load 7-15: BenchmarkPython Ultra took 4.1 CPU s in one thread, 4.6 on two and 5.1 with SAST split,
 * and the wall time was lowest in one thread too; workers only pay off on cores that are free (like make -l).
 */
export function defaultThreads(cores = availableParallelism(), load = loadavg()[0] ?? 0): number {
  return Math.max(1, Math.min(cores, Math.round(cores - load)));
}

export function threadCount(options: ScanOptions, jobs: number): number {
  const wanted = options.threads ?? defaultThreads();
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
  const parsedBytes = base.files.reduce((n, f) => n + (isParsedLanguage(f.language) ? f.size : 0), 0);
  const split = threads > 1 && parsedBytes <= SPLIT_MAX_PARSED_BYTES;
  const jobs: AnalyzerJob[] = [];
  const treeJobs: AnalyzerJob[] = [];
  const treeGroup: AnalyzerId[] = [];
  for (const id of ordered) {
    const analyzer = ANALYZERS.find((a) => a.id === id);
    if (threads > 1 && analyzer?.shardable?.(base.plan)) {
      for (const files of splitFiles(base.files, threads)) jobs.push({ ...base, files, analyzers: [id] });
    } else if (split && TREE_READERS.has(id) && analyzer?.parts && treeJobs.length === 0) {
      for (const group of analyzer.parts.groups) treeJobs.push({ ...base, analyzers: [id], parts: { [id]: [...group] } });
    } else if (TREE_READERS.has(id)) {
      treeGroup.push(id);
    } else {
      jobs.push({ ...base, analyzers: [id] });
    }
  }
  const last = treeJobs.at(-1);
  if (last) last.analyzers.push(...treeGroup);
  else if (treeGroup.length) treeJobs.push({ ...base, analyzers: treeGroup, parts: inSequence(treeGroup) });
  return [...treeJobs, ...jobs];
}

/**
 * An analyzer made of passes run whole in one thread still runs them one by one (its `sequence`), so the engine
 * frees each pass's dropped syntax nodes before the next (native-garbage.ts): 1.9 -> 1.4 GB on 1.13M LOC.
 */
function inSequence(ids: AnalyzerId[]): AnalyzerJob['parts'] {
  const parts: NonNullable<AnalyzerJob['parts']> = {};
  for (const id of ids) {
    const split = ANALYZERS.find((a) => a.id === id)?.parts;
    if (split) parts[id] = [...split.sequence];
  }
  return parts;
}

/** One result per analyzer, parts or shards merged, in the order the analyzers were asked for. */
function collate(ids: AnalyzerId[], results: AnalyzerJobResult[]): AnalyzerJobResult[] {
  return ids.flatMap((id) => {
    const parts = results.filter((r) => r.analyzer === id);
    if (!parts.length) return [];
    const split = ANALYZERS.find((a) => a.id === id)?.parts;
    return [split && parts.some((p) => p.part !== undefined) ? mergeParts(parts, split) : mergeShards(parts)];
  });
}

export async function runAnalyzers(input: RunInput): Promise<AnalyzerJobResult[]> {
  const { signal } = input;
  throwIfAborted(signal);
  const wanted = input.base.options.threads ?? defaultThreads();
  const jobs = planJobs(input.analyzers, input.base, Number.isInteger(wanted) ? wanted : 1);
  const threads = threadCount(input.base.options, jobs.length);
  const report = (rs: AnalyzerJobResult[]) => {
    for (const r of rs) input.onDone?.(r);
    return rs;
  };
  if (threads <= 1) {
    // In-process: every analyzer in this thread, sharing its trees.
    const ids = jobs.flatMap((j) => j.analyzers).filter((id, i, a) => a.indexOf(id) === i);
    const all = await runJob({ ...input.base, analyzers: ids, parts: inSequence(ids) }, 'main', input.texts, signal);
    return collate(input.analyzers, report(all));
  }
  // Workers read the files themselves: the main thread need not hold collect's copy of every text while they run
  // (~120 MB at 1M LOC). The in-process fallback and the engine's later steps read from disk instead.
  input.texts.clear();
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
