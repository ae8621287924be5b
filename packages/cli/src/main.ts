// Entry point of the `duescan` binary (bundled into dist/duescan.mjs by `npm run build`).
// The engine's worker threads load this same bundle and call its `duescanWorker` export, so the CLI itself
// only runs on the main thread.
import { isMainThread } from 'node:worker_threads';
import { runCli } from './program';

export { duescanWorker } from '@duescan/engine';

if (isMainThread) {
  runCli(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
