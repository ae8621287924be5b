#!/usr/bin/env node
// Launcher for `npx duescan` inside the workspace: the bundled file when built, else the TypeScript source via tsx.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const bundled = fileURLToPath(new URL('../dist/duescan.mjs', import.meta.url));
if (existsSync(bundled)) {
  await import(pathToFileURL(bundled).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL('../src/main.ts', import.meta.url).href);
}
