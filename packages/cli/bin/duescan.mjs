#!/usr/bin/env node
// Launcher for `duescan`. Inside the workspace (TypeScript source present) it runs the source through tsx, so
// a stale bundle can never shadow the code; a packaged install has no src/ and runs the one-file bundle.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const source = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const bundled = fileURLToPath(new URL('../dist/duescan.mjs', import.meta.url));
let useSource = existsSync(source);
if (useSource) {
  try {
    const { register } = await import('tsx/esm/api');
    register();
  } catch {
    useSource = false; // tsx is a dev dependency: without it, fall back to the bundle
  }
}
if (useSource) await import(pathToFileURL(source).href);
else if (existsSync(bundled)) await import(pathToFileURL(bundled).href);
else {
  console.error('duescan: not built. Run `npm run build -w duescan` first.');
  process.exit(3);
}
