// One anchor for files that ship beside the code. This file sits one level below apps/server (src/), and the
// esbuild bundle sits one level below it too (dist/main.js), so '..' is apps/server in both cases.
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const SERVER_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');
export const DEFAULT_WEB_DIST = path.join(SERVER_ROOT, '..', 'web', 'dist');
/** CLI release artefacts (`npm run build -w duescan`), served under /downloads/. */
export const DEFAULT_DOWNLOADS_DIR = path.join(SERVER_ROOT, '..', '..', 'packages', 'cli', 'dist', 'downloads');
