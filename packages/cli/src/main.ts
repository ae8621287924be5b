// Entry point of the `duescan` binary (bundled into dist/duescan.mjs by `npm run build`).
// The engine's worker threads load this same bundle and call its `duescanWorker` export, so the CLI itself
// only runs on the main thread.
import { isMainThread } from 'node:worker_threads';
import type { duescanWorker as EngineWorker } from '@duescan/engine';
import { runCli } from './program';

/** Loads the engine on a worker's first job, not when the CLI starts (`--version` must not pay for it). */
export async function duescanWorker(job: Parameters<typeof EngineWorker>[0]): ReturnType<typeof EngineWorker> {
  return (await import('@duescan/engine')).duescanWorker(job);
}

if (isMainThread) {
  runCli(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
