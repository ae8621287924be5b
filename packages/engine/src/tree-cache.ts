// Parsed trees shared by every analyzer that runs in one thread during one scan: a file is parsed once per
// thread, not once per analyzer. Bounded by source bytes; the oldest trees are dropped first.
import type { SgRoot } from '@ast-grep/napi';

/**
 * Measured: ast-grep trees take ~27x their source size (23 MB of source -> 613 MB RSS). A dropped tree is freed by
 * its N-API finalizer, and Node runs those finalizers from the event loop (setImmediate) after a GC, never inside
 * synchronous code: parsing 2,160 files of outline (9.4 MB) and dropping every tree left RSS at 336 MB, the same as
 * keeping them all (342 MB); a forced GC plus event-loop turns every 200 files held it at 164 MB (baseline 96).
 *
 * So the cache keeps the first TREE_CACHE_BYTES of source it sees and then stops caching: every pass visits the
 * files in the same order, so those trees serve every pass, while a least-recently-used cache smaller than the
 * corpus would miss every file of every pass. Trees parsed beyond the budget are used once and dropped; the passes
 * call AnalyzerContext.releaseDroppedTrees() between files, which lets the event loop free them once
 * RELEASE_EVERY_BYTES of such source piled up. Trees then take about 50x (budget + release interval) of memory
 * (measured: 12.6 MB of cached source held 480 MB) whatever the corpus size. Measured on 1.13M LOC (41 MB parsed),
 * Ultra on 2 threads: peak RSS 1.86 GB with a 64 MB cache that never evicted -> 1.01 GB (8 MB, release every 2 MB),
 * for ~2 s more parsing and ~1 s more GC in SAST; with no cache at all, 0.99 GB. Corpora under the budget (Juice
 * Shop, BenchmarkPython) are parsed once as before.
 */
export const TREE_CACHE_BYTES = 8 * 1024 * 1024;
export const RELEASE_EVERY_BYTES = 2 * 1024 * 1024;

/**
 * On a corpus beyond the budget, the passes that read the files in order run at the same time in one thread (SAST's
 * pattern and taint passes, quality's measures: pool/job.ts): each reports the index (in the scan's file order) of
 * every file it finished, and a pass more than PACE_FILES files ahead of the slowest waits for it. So they read each
 * file at about the same moment, and a tree parsed beyond the budget is kept for the others among the RECENT_BYTES of
 * source parsed last instead of being parsed again by each (1.13M LOC Ultra: 12,735 -> 8,616 parses of 5,988 files,
 * 62.6 -> 41.5 MB parsed). Trees count as dropped once they leave that window, so memory stays bounded by budget +
 * recent + release interval; and since the passes no longer need the cache to share trees, it then keeps only
 * SHARED_TREE_CACHE_BYTES (readTogether). Measured on 1.13M LOC Ultra, 2 threads, base and this interleaved on a
 * quiet machine: peak RSS 962-1,099 MB -> 799-927 MB, CPU unchanged within the noise (32.9-35.6 s vs 34.0-36.4 s).
 */
export const PACE_FILES = 16;
export const RECENT_BYTES = 1024 * 1024;
export const SHARED_TREE_CACHE_BYTES = 2 * 1024 * 1024;

export class TreeCache {
  private readonly trees = new Map<string, { root: SgRoot; bytes: number }>();
  /** Files whose parse failed, with the parser's message (so later analyzers skip them without re-parsing). */
  readonly failed = new Map<string, string>();
  private bytes = 0;
  /** Source bytes parsed but not cached since the last release: trees waiting for their finalizers. */
  private dropped = 0;
  /** True once any tree was parsed beyond the budget (used once and dropped). */
  private droppedAny = false;
  /** Values derived from the trees, shared by this scan's passes in this thread (`derived`). */
  private readonly values = new Map<string, unknown>();
  /** Trees beyond the budget kept while paced passes share them, oldest first (insertion order). */
  private readonly recent = new Map<string, { root: SgRoot; bytes: number }>();
  private recentBytes = 0;
  /** File index each paced pass finished last. */
  private readonly positions = new Map<object, number>();
  private waiting: (() => void)[] = [];

  constructor(
    private budget = TREE_CACHE_BYTES,
    private readonly releaseEvery = RELEASE_EVERY_BYTES,
    private readonly recentLimit = RECENT_BYTES,
  ) {}

  /** Whether trees of this many source bytes all stay cached. */
  fits(bytes: number): boolean {
    return bytes <= this.budget;
  }

  /**
   * The passes of this thread will read the files together (pace): the trees they share need not stay cached, so
   * the cache keeps only SHARED_TREE_CACHE_BYTES, for the passes that read files out of order (taint's imported
   * modules, route extraction). Before any tree was cached.
   */
  readTogether(): void {
    if (this.bytes === 0) this.budget = Math.min(this.budget, SHARED_TREE_CACHE_BYTES);
  }

  get(path: string): SgRoot | undefined {
    return this.trees.get(path)?.root ?? this.recent.get(path)?.root;
  }

  /**
   * Keeps the tree while the budget allows; beyond it, among the recent trees while two passes or more read the
   * files together (pace); otherwise the caller uses it once and it counts as dropped.
   */
  offer(path: string, root: SgRoot, bytes: number): void {
    if (this.bytes + bytes <= this.budget) {
      this.trees.set(path, { root, bytes });
      this.bytes += bytes;
      return;
    }
    this.droppedAny = true;
    if (this.positions.size < 2 || bytes > this.recentLimit) {
      this.dropped += bytes;
      return;
    }
    this.recent.set(path, { root, bytes });
    this.recentBytes += bytes;
    for (const [p, t] of this.recent) {
      if (this.recentBytes <= this.recentLimit) break;
      this.recent.delete(p);
      this.recentBytes -= t.bytes;
      this.dropped += t.bytes;
    }
  }

  /**
   * A pass finished the file at `index` of the scan's file list (undefined: it reads no more files in order, or it
   * ended): it waits while it is more than PACE_FILES files ahead of another paced pass.
   */
  async pace(pass: object, index: number | undefined): Promise<void> {
    if (index === undefined) {
      this.leave(pass);
      return;
    }
    this.positions.set(pass, index);
    this.wake();
    while (index > this.slowestOther(pass) + PACE_FILES) await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** The pass reads no more files in order (idempotent). */
  leave(pass: object): void {
    if (!this.positions.delete(pass)) return;
    this.wake();
    if (this.positions.size === 0) {
      // (a pass still reading may want the trees the one that left parsed ahead of it)
      // no pass left to share with: what the recent trees hold is dropped, freed at the next release
      for (const t of this.recent.values()) this.dropped += t.bytes;
      this.recent.clear();
      this.recentBytes = 0;
    }
  }

  private slowestOther(pass: object): number {
    let min = Infinity;
    for (const [p, i] of this.positions) if (p !== pass && i < min) min = i;
    return min;
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }

  /**
   * A value computed from the trees once per scan and thread, for passes that each get their own context (the
   * taint pass and the access pass both read the project's routes: ~8 % of SAST when extracted twice). Such values
   * hold syntax nodes, and a node keeps its tree alive: so the value is kept only while every tree parsed so far is
   * cached (its nodes then cost nothing more); once trees are dropped, each caller computes its own, as before.
   */
  derived<T>(key: string, compute: () => T): T {
    if (this.values.has(key)) return this.values.get(key) as T;
    const value = compute();
    if (!this.droppedAny) this.values.set(key, value);
    return value;
  }

  /** True when enough dropped trees piled up that the event loop should run their finalizers now. */
  releaseDue(): boolean {
    return this.dropped >= this.releaseEvery;
  }

  released(): void {
    this.dropped = 0;
  }
}

let current: { scanId: string; cache: TreeCache } | null = null;

/** The cache for this thread and scan; a new scan id drops the previous scan's trees. */
export function treeCacheFor(scanId: string): TreeCache {
  if (current?.scanId !== scanId) current = { scanId, cache: new TreeCache() };
  return current.cache;
}
