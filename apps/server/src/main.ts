// Process entry: `node dist/main.js [serve|worker|all]` (default all). Reads the environment once, here.
import { isMainThread } from 'node:worker_threads';
import { ConfigError, loadConfig } from './config';
import { startRuntime, type RunMode, type Runtime } from './start';
import { runBetaCommand } from './beta/beta-command';

const MODES: readonly RunMode[] = ['serve', 'worker', 'all'];
/** A stuck shutdown must not keep a container alive forever. */
const SHUTDOWN_TIMEOUT_MS = 40_000;

async function main(): Promise<void> {
  if (process.argv[2] === 'beta') {
    try {
      process.exit(await runBetaCommand(process.argv.slice(3), loadConfig(process.env)));
    } catch (error) {
      console.error(error instanceof ConfigError ? error.message : (error as Error).message);
      process.exit(1);
    }
  }
  const mode = (process.argv[2] ?? 'all') as RunMode;
  if (!MODES.includes(mode)) {
    console.error(`Unknown mode "${process.argv[2]}". Usage: node dist/main.js [serve|worker|all] | beta accept <email>`);
    process.exit(2);
  }

  let starting: Promise<Runtime | undefined> = Promise.resolve(undefined);
  let stopping = false;
  // Handlers go in before start-up so a signal during start-up still closes the database cleanly.
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing open requests and jobs, then exiting`);
    setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS).unref();
    starting
      .then((runtime) => runtime?.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('Shutdown failed:', error);
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  starting = (async () => startRuntime(loadConfig(process.env), mode))().catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : `DueScan failed to start: ${(error as Error).message}`);
    process.exit(1);
  });
  const runtime = await starting;
  if (runtime?.url && !stopping) console.log(`DueScan is running on ${runtime.url}`);
}

// The engine's worker threads load this same bundle and call its `duescanWorker` export (see
// packages/engine/src/pool/worker-entry.ts); they must not start a second server.
export { duescanWorker } from '@duescan/engine';
if (isMainThread) void main();
