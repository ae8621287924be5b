// Where worker threads load their code from.
//
// From source (vitest, `tsx`): this file ends in .ts, so workers start pool/worker-bootstrap.mjs, which
// registers tsx and imports pool/worker.ts.
//
// From a bundle (esbuild, one file): this module is inlined, so import.meta.url is the bundle itself and the
// workers load the SAME file and call its `duescanWorker` export. A bundle therefore must
//   1. re-export it at top level:            export { duescanWorker } from '@duescan/engine';
//   2. not run its CLI main in a worker:     if (isMainThread) await main();   (node:worker_threads)
// or emit the worker as a sibling file (second esbuild entry point: packages/engine/src/pool/worker.ts) and call
// configureWorker({ filename: join(dirname(fileURLToPath(import.meta.url)), 'worker.mjs') }) at startup.
// A bundle split into chunks (the CLI) calls configureWorker({ filename: <its entry> }) when it loads the engine:
// import.meta.url here would name the chunk, which exports no duescanWorker.
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

export interface WorkerEntry {
  filename: string;
  /** Named export Piscina calls. */
  name: string;
}

let override: WorkerEntry | null = null;

/** Point the pool at a specific worker file (e.g. a sibling of a bundled CLI). */
export function configureWorker(entry: { filename: string; name?: string }): void {
  override = { filename: entry.filename, name: entry.name ?? 'duescanWorker' };
}

export function workerEntry(): WorkerEntry {
  if (override) return override;
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) return { filename: join(dirname(here), 'worker-bootstrap.mjs'), name: 'duescanWorker' };
  return { filename: here, name: 'duescanWorker' };
}
