// A pass over many files written as a generator that yields after each file, so one body serves two callers: the
// engine, which lets the event loop turn between files so trees parsed and dropped along the way are freed
// (tree-cache.ts), and tests and benches, which run it straight through.
import type { AnalyzerContext } from './types';

export type PassSteps<T> = Generator<void, T, void>;

/** Runs the pass to the end without yielding to the event loop. */
export function finishPass<T>(steps: PassSteps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Runs the pass, releasing dropped trees between files when enough piled up. */
export async function finishPassReleasing<T>(ctx: AnalyzerContext, steps: PassSteps<T>): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await ctx.releaseDroppedTrees();
  }
}
