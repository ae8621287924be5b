// Builds the self-contained npm tarball dist/downloads/duescan-<version>.tgz: the bundle (entry and chunks), the launcher,
// the fonts, and every run-time package (native addons included) as bundledDependencies, so
// `npm i -g ./duescan-<version>.tgz` installs with no registry access.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { collectRuntimeDeps } from './collect-runtime-deps.mjs';
import { fetchNativeAddons } from './native-addons.mjs';

/** The bundle's esbuild externals that it loads at run time (tsx is only for running from source). */
export const RUNTIME_ROOTS = ['@ast-grep/napi', '@ast-grep/lang-python', '@ast-grep/lang-java', 'pdfkit', 'piscina'];

/** The bundle: dist/duescan.mjs and the chunks it imports on demand (build.mjs), relative to the CLI folder. */
export function bundleFiles(cliDir) {
  return readdirSync(join(cliDir, 'dist'), { withFileTypes: true })
    .filter((f) => f.isFile() && f.name.endsWith('.mjs'))
    .map((f) => `dist/${f.name}`)
    .sort();
}

function copyPackage(from, to) {
  // Nested node_modules are collected (and copied) on their own, only where resolution needs them.
  cpSync(from, to, { recursive: true, filter: (src) => !relative(from, src).split(sep).includes('node_modules') });
}

export function buildTarball({ cliDir, repoRoot, outDir, log = console.error }) {
  const cli = JSON.parse(readFileSync(join(cliDir, 'package.json'), 'utf8'));
  const napiVersion = JSON.parse(readFileSync(join(repoRoot, 'node_modules/@ast-grep/napi/package.json'), 'utf8')).version;
  const native = fetchNativeAddons({
    version: napiVersion,
    cacheDir: join(cliDir, 'dist/native-cache'),
    installedDir: join(repoRoot, 'node_modules'),
    log,
  });
  const deps = collectRuntimeDeps(RUNTIME_ROOTS, cliDir, native.dirs);

  const stage = join(cliDir, 'dist/release-staging');
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(stage, { recursive: true });
  for (const part of ['bin', 'fonts', ...bundleFiles(cliDir), 'dist/THIRD-PARTY-NOTICES.txt']) {
    cpSync(join(cliDir, part), join(stage, part), { recursive: true });
  }
  const bundled = {};
  for (const [dir, { name, version }] of deps) {
    const inRepo = relative(repoRoot, dir);
    const target = inRepo.startsWith(`node_modules${sep}`) ? inRepo : join('node_modules', name);
    copyPackage(dir, join(stage, target));
    if (target === join('node_modules', name)) bundled[name] = version;
  }
  const names = Object.keys(bundled).sort();
  const manifest = {
    name: cli.name,
    version: cli.version,
    description: 'DueScan CLI: technical due diligence and security scanning for your codebase',
    type: 'module',
    license: 'UNLICENSED',
    engines: cli.engines,
    bin: cli.bin,
    files: ['bin', ...bundleFiles(cliDir), 'dist/THIRD-PARTY-NOTICES.txt', 'fonts'],
    dependencies: Object.fromEntries(names.map((n) => [n, bundled[n]])),
    bundleDependencies: names,
  };
  writeFileSync(join(stage, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
  mkdirSync(outDir, { recursive: true });
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', outDir], { cwd: stage, encoding: 'utf8' }),
  );
  rmSync(stage, { recursive: true, force: true });
  return { file: packed[0].filename, version: cli.version, missingPlatforms: native.missing };
}
