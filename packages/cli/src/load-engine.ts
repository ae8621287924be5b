// The engine, loaded on first use: `--version` and `--help` never pay for it. In the bundle it is a chunk of its
// own (esbuild splitting), so its worker threads are pointed at the bundle's entry file dist/duescan.mjs, which
// exports duescanWorker (main.ts); every chunk sits beside it. From source the engine's own default
// (pool/worker-bootstrap.mjs) applies.
import { fileURLToPath } from 'node:url';

type Engine = typeof import('@duescan/engine');
let loaded: Promise<Engine> | undefined;

export function loadEngine(): Promise<Engine> {
  loaded ??= import('@duescan/engine').then((engine) => {
    const here = fileURLToPath(import.meta.url);
    if (!here.endsWith('.ts')) engine.configureWorker({ filename: fileURLToPath(new URL('./duescan.mjs', import.meta.url)) });
    return engine;
  });
  return loaded;
}
