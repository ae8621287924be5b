#!/usr/bin/env node
// Installs the system tools the test suite needs on a fresh Debian machine (browser tests use Debian's
// chromium through playwright-core; no browser downloads). Runs before `npm test`.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const needs = [
  { bin: '/usr/bin/chromium', pkg: 'chromium' },
  { bin: '/usr/bin/pdftoppm', pkg: 'poppler-utils' },
];
const missing = needs.filter((n) => !existsSync(n.bin)).map((n) => n.pkg);
if (missing.length === 0) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error(`Missing test dependencies: ${missing.join(', ')}. Install them with:\n  sudo apt-get install -y ${missing.join(' ')}`);
  process.exit(1);
}
console.error(`Installing test dependencies with apt-get: ${missing.join(', ')}`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { stdio: 'inherit', env });
