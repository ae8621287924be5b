// `npm run build:sea -w duescan`: the single executable dist/downloads/duescan-linux-x64 (Node's single-executable
// applications). Separate from `npm run build` because it copies and patches the ~100 MB node binary.
// Embeds launcher.cjs as the main script and, as assets, the CLI bundle, fonts and the run-time packages for THIS
// platform only (other platforms' prebuilt grammars and addons are left out), with a manifest of SHA-256 sums the
// launcher checks before loading anything it extracted. Needs a node binary that carries the SEA fuse (official
// builds and Debian's do) and postject, fetched from the npm registry once into dist/native-cache.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { collectRuntimeDeps } from './collect-runtime-deps.mjs';
import { RUNTIME_ROOTS, bundleFiles } from './build-tarball.mjs';
import { writeChecksums } from './checksums.mjs';

const cliDir = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = join(cliDir, '../..');
const downloads = join(cliDir, 'dist/downloads');
const POSTJECT = 'postject@1.0.0-alpha.6';
const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
const PREBUILD = { 'linux-x64': 'prebuild-Linux-X64', 'linux-arm64': 'prebuild-Linux-ARM64', 'darwin-x64': 'prebuild-macOS-X64', 'darwin-arm64': 'prebuild-macOS-ARM64' };

export const seaFileName = () => `duescan-${process.platform}-${process.arch}${process.platform === 'win32' ? '.exe' : ''}`;

function listFiles(dir, skip) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (skip(full, entry)) continue;
    if (entry.isDirectory()) out.push(...listFiles(full, skip));
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

function postjectApi() {
  const dir = join(cliDir, 'dist/native-cache/postject');
  if (!existsSync(join(dir, 'package/dist/api.js'))) {
    mkdirSync(dir, { recursive: true });
    execFileSync('npm', ['pack', POSTJECT, '--pack-destination', dir], { stdio: 'pipe' });
    const tgz = readdirSync(dir).find((f) => f.endsWith('.tgz'));
    execFileSync('tar', ['-xzf', join(dir, tgz), '-C', dir]);
  }
  return createRequire(import.meta.url)(join(dir, 'package/dist/api.js'));
}

export async function buildSea({ log = console.error } = {}) {
  const version = JSON.parse(readFileSync(join(cliDir, 'package.json'), 'utf8')).version;
  const prebuild = PREBUILD[`${process.platform}-${process.arch}`];
  const files = new Map(); // asset path -> source file
  for (const part of [...bundleFiles(cliDir), 'dist/THIRD-PARTY-NOTICES.txt']) files.set(part, join(cliDir, part));
  for (const f of listFiles(join(cliDir, 'fonts'), () => false)) files.set(relative(cliDir, f), f);
  for (const [dir, { name }] of collectRuntimeDeps(RUNTIME_ROOTS, cliDir)) {
    const inRepo = relative(repoRoot, dir);
    const base = inRepo.startsWith(`node_modules${sep}`) ? inRepo : join('node_modules', name);
    const skip = (full, entry) =>
      relative(dir, full).split(sep).includes('node_modules') ||
      (entry.isDirectory() && /^prebuild-/.test(entry.name) && entry.name !== prebuild);
    for (const f of listFiles(dir, skip)) files.set(join(base, relative(dir, f)).split(sep).join('/'), f);
  }
  files.set('package.json', null); // a type:module marker so the bundle loads as ESM
  const pkgJson = JSON.stringify({ name: 'duescan-sea', version, type: 'module' });

  const work = join(cliDir, 'dist/sea-build');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  writeFileSync(join(work, 'package.json'), pkgJson);
  files.set('package.json', join(work, 'package.json'));
  const entries = [...files].map(([path, source]) => ({ path, sha256: createHash('sha256').update(readFileSync(source)).digest('hex') }));
  const id = createHash('sha256').update(JSON.stringify(entries)).digest('hex').slice(0, 12);
  writeFileSync(join(work, 'sea-manifest.json'), JSON.stringify({ version, id, entry: 'dist/duescan.mjs', files: entries }));
  const assets = Object.fromEntries([...files].map(([path, source]) => [path, source]));
  assets['sea-manifest.json'] = join(work, 'sea-manifest.json');
  const blob = join(work, 'sea.blob');
  writeFileSync(
    join(work, 'sea-config.json'),
    JSON.stringify({ main: fileURLToPath(new URL('sea/launcher.cjs', import.meta.url)), output: blob, disableExperimentalSEAWarning: true, useCodeCache: false, assets }),
  );
  execFileSync(process.execPath, ['--experimental-sea-config', join(work, 'sea-config.json')], { stdio: 'pipe' });

  mkdirSync(downloads, { recursive: true });
  const exe = join(downloads, seaFileName());
  rmSync(exe, { force: true });
  copyFileSync(process.execPath, exe);
  chmodSync(exe, 0o755);
  await postjectApi().inject(exe, 'NODE_SEA_BLOB', readFileSync(blob), { sentinelFuse: FUSE, machoSegmentName: 'NODE_SEA' });
  rmSync(work, { recursive: true, force: true });
  log(`sea: ${exe} ${(statSync(exe).size / 1e6).toFixed(1)} MB, ${entries.length} embedded files`);
  // Checksums cover the executable too; the notes written by the release build are kept.
  const previous = existsSync(join(downloads, 'manifest.json')) ? JSON.parse(readFileSync(join(downloads, 'manifest.json'), 'utf8')) : { files: [] };
  const notes = Object.fromEntries(previous.files.filter((f) => f.note).map((f) => [f.name, f.note]));
  notes[seaFileName()] = `single executable for ${process.platform}-${process.arch} (Node ${process.versions.node}); native addons are extracted to ~/.cache/duescan at first run and checked by SHA-256 on every run`;
  return { exe, files: writeChecksums(downloads, { version, notes }) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildSea();
