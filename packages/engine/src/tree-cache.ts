// Parsed trees shared by every analyzer that runs in one thread during one scan: a file is parsed once per
// thread, not once per analyzer. Bounded by source bytes; the oldest trees are dropped first.
import type { SgRoot } from '@ast-grep/napi';

/**
 * Measured: ast-grep trees take ~27x their source size (23 MB of source -> 613 MB RSS). A dropped tree is freed by
 * its N-API finalizer, and Node runs those finalizers from the event loop (setImmediate) after a GC, never inside
 * synchronous code: parsing 2,160 files of outline (9.4 MB) and dropping every tree left RSS at 336 MB, the same as
 * keeping them all (342 MB); a forced GC plus event-loop turns every 200 files held it at 164 MB (baseline 96).
 * Every analyzer pass is one synchronous loop over the files, so evicting during a pass frees nothing until the
 * pass ends; the engine frees each pass's garbage between passes (native-garbage.ts, pool/job.ts), and bounding
 * the trees themselves needs passes that yield between files. Until then the engine runs all tree-reading
 * analyzers in ONE thread (pool/run-analyzers.ts; SAST's passes go on two threads only for small corpora), and the
 * budget only guards against pathological corpora.
 */
export const TREE_CACHE_BYTES = 64 * 1024 * 1024;

export class TreeCache {
  private readonly trees = new Map<string, { root: SgRoot; bytes: number }>();
  /** Files whose parse failed, with the parser's message (so later analyzers skip them without re-parsing). */
  readonly failed = new Map<string, string>();
  private bytes = 0;

  constructor(private readonly budget = TREE_CACHE_BYTES) {}

  get(path: string): SgRoot | undefined {
    return this.trees.get(path)?.root;
  }

  set(path: string, root: SgRoot, bytes: number): void {
    this.trees.set(path, { root, bytes });
    this.bytes += bytes;
    // Insertion order is age order; the tree just added always stays (a caller is about to use it).
    for (const [p, entry] of this.trees) {
      if (this.bytes <= this.budget || p === path) break;
      this.trees.delete(p);
      this.bytes -= entry.bytes;
    }
  }
}

let current: { scanId: string; cache: TreeCache } | null = null;

/** The cache for this thread and scan; a new scan id drops the previous scan's trees. */
export function treeCacheFor(scanId: string): TreeCache {
  if (current?.scanId !== scanId) current = { scanId, cache: new TreeCache() };
  return current.cache;
}
