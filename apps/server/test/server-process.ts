// The bundled production entry (`main.js serve|worker|all`) as a real child process, for tests that kill or
// stop processes. Resolves once the process says it runs; its stdout is kept for failure messages.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { TestDatabase } from '../src/testing/test-database';
import { SCAN_TEST_ENV } from './scan-runtime';

export interface ServerProcess {
  child: ChildProcess;
  /** Base URL of the HTTP server (serve and all modes). */
  url?: string;
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
}

/** The scan-test settings for a child process on this database; `extra` wins. */
export function childEnv(db: TestDatabase, extra: Record<string, string> = {}): Record<string, string> {
  return {
    ...SCAN_TEST_ENV,
    LOG_LEVEL: 'warn',
    PORT: '0',
    DATA_DIR: db.dataDir,
    ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
    ...extra,
  };
}

export interface SpawnOptions {
  /** Node flags before the entry, e.g. ['--import', preload]. */
  execArgv?: string[];
}

export async function spawnServerProcess(
  entry: string,
  mode: 'serve' | 'worker' | 'all',
  env: Record<string, string>,
  options: SpawnOptions = {},
): Promise<ServerProcess> {
  // The parent's DATABASE_URL (the PostgreSQL admin database in CI) must not leak in: a PGlite run would then
  // write to that shared database instead of its own embedded one.
  const { DATABASE_URL: _parentDatabase, ...inherited } = process.env;
  const child = spawn(process.execPath, [...(options.execArgv ?? []), entry, mode], {
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const collect = (d: Buffer) => (out += d.toString());
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = once(child, 'exit').then(([code, signal]) => (code ?? signal) as number | string);
  const url = await new Promise<string | undefined>((resolve, reject) => {
    const check = () => {
      const running = /DueScan is running on (\S+)|DueScan worker is running/.exec(out);
      if (running) resolve(running[1]);
    };
    child.stdout!.on('data', check);
    void exited.then((code) => reject(new Error(`${mode} process exited early (${code}): ${out}`)));
  });
  return { child, url, output: () => out, exited };
}

/** SIGKILL for cleanup: a no-op when the process already ended. */
export async function killProcess(proc: ServerProcess | undefined): Promise<void> {
  if (!proc || proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  proc.child.kill('SIGKILL');
  await proc.exited;
}
