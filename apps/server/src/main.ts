// Process entry: `node dist/main.js [serve|worker|all]` (default all). Reads the environment once, here.
import { isMainThread } from 'node:worker_threads';
import { ConfigError, loadConfig, type Config } from './config';
import { RUN_MODES, startRuntime, type RunMode, type Runtime } from './start';
import { runBetaCommand } from './beta/beta-command';

/** A stuck shutdown must not keep a container alive forever: the grace period plus time to hand scans back and close. */
const SHUTDOWN_MARGIN_MS = 20_000;

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
  if (!RUN_MODES.includes(mode)) {
    console.error(`Unknown mode "${process.argv[2]}". Usage: node dist/main.js [serve|worker|all] | beta accept <email>`);
    process.exit(2);
  }

  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : (error as Error).message);
    process.exit(1);
  }
  let starting: Promise<Runtime | undefined> = Promise.resolve(undefined);
  let stopping = false;
  // Handlers go in before start-up so a signal during start-up still closes the database cleanly.
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing open requests and jobs, then exiting`);
    setTimeout(() => process.exit(1), config.lifecycle.shutdownGraceMs + SHUTDOWN_MARGIN_MS).unref();
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

  starting = startRuntime(config, mode).catch((error: unknown) => {
    console.error(`DueScan failed to start: ${(error as Error).message}`);
    process.exit(1);
  });
  const runtime = await starting;
  if (runtime && !stopping) {
    const probes = runtime.probePort === undefined ? 'no HTTP port' : `probes on port ${runtime.probePort}`;
    console.log(runtime.url ? `DueScan is running on ${runtime.url}` : `DueScan ${mode} is running (${probes})`);
  }
}

// The engine's worker threads load this same bundle and call its `duescanWorker` export (see
// packages/engine/src/pool/worker-entry.ts); they must not start a second server.
export { duescanWorker } from '@duescan/engine';
if (isMainThread) void main();
