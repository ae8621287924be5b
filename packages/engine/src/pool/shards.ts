// File sharding for analyzers that declare themselves per-file (Analyzer.shardable): split the file list into
// balanced shards for parallel workers, and merge the shard results back into one analyzer result.
import type { CollectedFile } from '../collect';
import type { AnalyzerParts } from '../types';
import type { AnalyzerJobResult } from './job';

/** Greedy balance by bytes: biggest files first, each to the currently lightest shard. */
export function splitFiles(files: CollectedFile[], count: number): CollectedFile[][] {
  const shards = Array.from({ length: count }, () => ({ bytes: 0, files: [] as CollectedFile[] }));
  for (const f of [...files].sort((a, b) => b.size - a.size)) {
    const lightest = shards.reduce((min, s) => (s.bytes < min.bytes ? s : min));
    lightest.files.push(f);
    lightest.bytes += f.size;
  }
  // Keep each shard in path order, as analyzers see files in an unsharded run.
  return shards.map((s) => s.files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))).filter((s) => s.length > 0);
}

function concat<T>(parts: (T[] | undefined)[]): T[] | undefined {
  return parts.some((p) => p !== undefined) ? parts.flatMap((p) => p ?? []) : undefined;
}

/** One result per analyzer: findings and inventories concatenated; wall time is the slowest shard's. */
export function mergeShards(parts: AnalyzerJobResult[]): AnalyzerJobResult {
  if (parts.length === 1) return parts[0]!;
  const failed = parts.find((p) => p.status === 'error');
  const results = parts.map((p) => p.result).filter((r) => r !== undefined);
  const first = results[0];
  const merged: AnalyzerJobResult = {
    analyzer: parts[0]!.analyzer,
    status: failed ? 'error' : 'ok',
    durationMs: Math.max(...parts.map((p) => p.durationMs)),
    skipped: parts.flatMap((p) => p.skipped),
    logs: parts.flatMap((p) => p.logs),
    thread: parts.some((p) => p.thread === 'worker') ? 'worker' : 'main',
    ...(failed?.error ? { error: failed.error } : {}),
  };
  if (first) {
    const pick = <K extends keyof NonNullable<AnalyzerJobResult['result']>>(k: K) => results.map((r) => r[k]);
    merged.result = {
      findings: results.flatMap((r) => r.findings),
      ...(concat(pick('dependencies')) ? { dependencies: concat(pick('dependencies')) } : {}),
      ...(concat(pick('vulnerableDependencies')) ? { vulnerableDependencies: concat(pick('vulnerableDependencies')) } : {}),
      ...(concat(pick('licenses')) ? { licenses: concat(pick('licenses')) } : {}),
      ...(first.packs ? { packs: first.packs } : {}),
      ...(first.advisoryDatabase ? { advisoryDatabase: first.advisoryDatabase } : {}),
      ...(results.find((r) => r.note)?.note ? { note: results.find((r) => r.note)!.note } : {}),
    };
  }
  return merged;
}

/** One result for an analyzer run in parts (Analyzer.parts): the analyzer's own merge, and its wall time. */
export function mergeParts(parts: AnalyzerJobResult[], split: AnalyzerParts): AnalyzerJobResult {
  const failed = parts.find((p) => p.status === 'error');
  const merged: AnalyzerJobResult = {
    analyzer: parts[0]!.analyzer,
    status: failed ? 'error' : 'ok',
    // Parts of one job ran one after another; separate jobs ran side by side on their own threads.
    durationMs: Math.max(...[...new Set(parts.map((p) => p.jobParts))].map((j) => parts.filter((p) => p.jobParts === j).reduce((t, p) => t + p.durationMs, 0))),
    skipped: parts.flatMap((p) => p.skipped),
    logs: parts.flatMap((p) => p.logs),
    thread: parts.some((p) => p.thread === 'worker') ? 'worker' : 'main',
  };
  // A failed part fails the analyzer: half of its findings would look like a complete result.
  if (failed) return { ...merged, error: `${failed.part ?? ''} pass: ${failed.error ?? 'failed'}` };
  const byPart: Record<string, NonNullable<AnalyzerJobResult['result']>> = {};
  for (const p of parts) if (p.result) byPart[p.part ?? ''] = p.result;
  return { ...merged, result: split.merge(byPart) };
}
