// ast-grep's native addon for platforms other than this machine's. npm installs only the current platform's
// optional package, so the release fetches the others with `npm pack` (the npm registry, cached in
// dist/native-cache) at the SAME version as @ast-grep/napi: the JS loader rejects a binding of another version.
// Offline, the release is built with what is there and the manifest says which platforms it carries.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Platform packages @ast-grep/napi lists; at 0.51.2 only the linux ones are published (checked with npm view). */
export const WANTED_PLATFORMS = ['linux-x64-gnu', 'linux-arm64-gnu', 'darwin-x64', 'darwin-arm64', 'win32-x64-msvc'];

/** Returns the folders of the platform packages it could obtain, and the platforms it could not. */
export function fetchNativeAddons({ version, cacheDir, installedDir, log }) {
  mkdirSync(cacheDir, { recursive: true });
  const dirs = [];
  const missing = [];
  for (const platform of WANTED_PLATFORMS) {
    const name = `@ast-grep/napi-${platform}`;
    if (existsSync(join(installedDir, name, 'package.json'))) continue; // installed for this machine already
    const dest = join(cacheDir, `napi-${platform}-${version}`);
    // A 404 is remembered so every build does not ask the registry again; network errors are retried next build.
    const unpublished = `${dest}.unpublished`;
    if (existsSync(unpublished)) {
      missing.push(platform);
      continue;
    }
    if (!existsSync(join(dest, 'package', 'package.json'))) {
      try {
        rmSync(dest, { recursive: true, force: true });
        mkdirSync(dest, { recursive: true });
        execFileSync('npm', ['pack', `${name}@${version}`, '--pack-destination', dest], { stdio: 'pipe', timeout: 60_000 });
        const tgz = readdirSync(dest).find((f) => f.endsWith('.tgz'));
        execFileSync('tar', ['-xzf', join(dest, tgz), '-C', dest]);
        rmSync(join(dest, tgz));
      } catch (e) {
        rmSync(dest, { recursive: true, force: true });
        missing.push(platform);
        const output = `${e.stderr ?? ''}${e.message}`;
        if (/E404|ETARGET/.test(output)) writeFileSync(unpublished, `${name}@${version} is not on the npm registry\n`);
        log(`release: ${name}@${version} not bundled (${/E404|ETARGET/.test(output) ? 'not published' : 'npm pack failed: ' + output.trim().split('\n').pop()})`);
        continue;
      }
    }
    dirs.push(join(dest, 'package'));
  }
  return { dirs, missing };
}
