// A pass over many files written as a generator that yields after each file, so one body serves two callers: the
// engine, which lets the event loop turn between files so trees parsed and dropped along the way are freed
// (tree-cache.ts), and tests and benches, which run it straight through.
import type { AnalyzerContext } from './types';

/** Yields after each file: the file's index in ctx.files when the pass reads them in order (pacing), else nothing. */
export type PassSteps<T> = Generator<number | void, T, void>;

/** Runs the pass to the end without yielding to the event loop. */
export function finishPass<T>(steps: PassSteps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * Runs the pass, releasing dropped trees between files when enough piled up, and keeping pace with the other passes
 * that read the files in this thread at the same time (AnalyzerContext.pace).
 */
export async function finishPassReleasing<T>(ctx: AnalyzerContext, steps: PassSteps<T>): Promise<T> {
  const pass = {};
  try {
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
      await ctx.releaseDroppedTrees();
      await ctx.pace?.(pass, typeof step.value === 'number' ? step.value : undefined);
    }
  } finally {
    await ctx.pace?.(pass, undefined);
  }
}
