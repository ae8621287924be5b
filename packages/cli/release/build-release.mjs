// `npm run build -w duescan` step 2 (after build.mjs; separate so tests that rebuild the bundle leave the served
// artefacts alone): release artefacts in packages/cli/dist/downloads/ (served by the server under
// /downloads/): the npm tarball, the single executable when it has been built (build-sea.mjs), SHA256SUMS and
// manifest.json.
import { existsSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildTarball } from './build-tarball.mjs';
import { writeChecksums } from './checksums.mjs';

export const cliDir = fileURLToPath(new URL('..', import.meta.url));
export const repoRoot = join(cliDir, '../..');
export const downloadsDir = join(cliDir, 'dist/downloads');

export function buildRelease({ log = console.error } = {}) {
  // Old tarballs of other versions would be served and checksummed as if current, and a single executable built
  // from an older bundle would be served beside a newer tarball: both go (`npm run build:sea` makes it again).
  const bundleTime = statSync(join(cliDir, 'dist/duescan.mjs')).mtimeMs;
  if (existsSync(downloadsDir)) {
    for (const f of readdirSync(downloadsDir)) {
      const stale = f.endsWith('.tgz') || (/^duescan-(linux|darwin|win32)-/.test(f) && statSync(join(downloadsDir, f)).mtimeMs < bundleTime);
      if (stale) rmSync(join(downloadsDir, f));
    }
  }
  const tarball = buildTarball({ cliDir, repoRoot, outDir: downloadsDir, log });
  // Notes of artefacts built separately (the single executable, build-sea.mjs) are kept.
  const manifestFile = join(downloadsDir, 'manifest.json');
  const previous = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')).files : [];
  const notes = {
    ...Object.fromEntries(previous.filter((f) => f.note && !f.name.endsWith('.tgz')).map((f) => [f.name, f.note])),
    [tarball.file]:
      'npm i -g ./' + tarball.file + ' (offline; native parsers for linux-x64' +
      (tarball.missingPlatforms.includes('linux-arm64-gnu') ? '' : ', linux-arm64') +
      '; Python/Java grammars for linux, macOS and Windows)',
  };
  return { tarball, files: writeChecksums(downloadsDir, { version: tarball.version, notes }) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { files } = buildRelease();
  for (const f of files) console.error(`release: ${f.name} ${(f.bytes / 1e6).toFixed(1)} MB sha256 ${f.sha256}`);
}
