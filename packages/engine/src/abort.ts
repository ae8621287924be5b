// Stopping a scan through ScanOptions.signal. Analyzers on worker threads are stopped by destroying the pool
// (pool/run-analyzers.ts); work on the calling thread stops at the checkpoints below.
import { setTimeout as sleep } from 'node:timers/promises';
import { ScanError } from './errors';

export function abortedError(signal: AbortSignal): ScanError {
  return new ScanError('aborted', 'The scan was stopped before it finished.', { cause: signal.reason });
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortedError(signal);
}

/**
 * Gives the event loop one turn through its timers phase, then checks the signal. Without it, a chain of awaits
 * over synchronous work (analyzers in-process, then merge and score) never lets a caller's time limit fire.
 * Costs about 1 ms, so it belongs between phases, not inside per-file loops. Nothing is waited for without a signal.
 */
export async function checkpoint(signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return;
  throwIfAborted(signal);
  await sleep(0);
  throwIfAborted(signal);
}
