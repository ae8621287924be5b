// Entry point of the `duescan` binary (bundled into dist/duescan.mjs by `npm run build`).
// The engine's worker threads load this same bundle and call its `duescanWorker` export, so the CLI itself
// only runs on the main thread.
import { isMainThread } from 'node:worker_threads';
import type { duescanWorker as EngineWorker } from '@duescan/engine';
import { VERSION } from './version';

/** Loads the engine on a worker's first job, not when the CLI starts (`--version` must not pay for it). */
export async function duescanWorker(job: Parameters<typeof EngineWorker>[0]): ReturnType<typeof EngineWorker> {
  return (await import('@duescan/engine')).duescanWorker(job);
}

/** `duescan --version` alone answers before the command tree (commander, the API contracts) is even parsed. */
function isBareVersion(argv: string[]): boolean {
  return argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V');
}

if (isMainThread) {
  const argv = process.argv.slice(2);
  if (isBareVersion(argv)) process.stdout.write(`${VERSION}\n`);
  else
    void import('./program')
      .then(({ runCli }) => runCli(argv))
      .then((code) => {
        process.exitCode = code;
      });
}
