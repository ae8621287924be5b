// The release tarball installs on its own: `npm i -g` into an empty prefix outside the repo with an EMPTY npm
// cache, --offline and an unreachable registry, so everything the CLI needs must come from inside the tarball.
import { execFile, execFileSync } from 'node:child_process';
import { cp, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('..', import.meta.url));
const DOWNLOADS = join(CLI, 'dist/downloads');
const FIXTURE = fileURLToPath(new URL('./fixtures/vuln-app', import.meta.url));

function run(file: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(file, args, { cwd, timeout: 180_000, env: { ...process.env, NO_COLOR: '1', ...env } }, (err, stdout, stderr) =>
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 99) : 0, stdout, stderr }),
    );
  });
}

let work: string;
let tarball: string;
beforeAll(async () => {
  // `npm test` builds first; run alone, the test builds the release itself.
  if (!existsSync(join(DOWNLOADS, 'SHA256SUMS'))) {
    execFileSync(process.execPath, ['build.mjs'], { cwd: CLI, stdio: 'ignore' });
    execFileSync(process.execPath, ['release/build-release.mjs'], { cwd: CLI, stdio: 'ignore' });
  }
  const name = (await readdir(DOWNLOADS)).find((f) => /^duescan-.+\.tgz$/.test(f));
  if (!name) throw new Error(`no duescan-<version>.tgz in ${DOWNLOADS}`);
  tarball = join(DOWNLOADS, name);
  work = await mkdtemp(join(tmpdir(), 'duescan-tarball-'));
}, 120_000);
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('release tarball', () => {
  it('installs offline into an empty prefix and scans a project outside the repo', async () => {
    const prefix = join(work, 'prefix');
    const install = await run('npm', ['i', '-g', '--offline', '--no-audit', '--no-fund', '--prefix', prefix, tarball], work, {
      npm_config_cache: join(work, 'empty-npm-cache'),
      npm_config_registry: 'http://127.0.0.1:9/',
    });
    expect(install.code, install.stderr).toBe(0);
    const bin = join(prefix, 'bin', 'duescan');
    expect((await run(bin, ['--version'], work)).stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);

    const project = join(work, 'project');
    await cp(FIXTURE, project, { recursive: true });
    const out = join(work, 'out');
    // Two threads: the engine's worker pool (piscina) must load from the installed bundle; PDF: the fonts ship too.
    const scan = await run(bin, ['scan', project, '--package', 'pro', '--threads', '2', '--format', 'json,pdf', '--out', out, '--quiet'], work);
    expect(scan.code, scan.stderr).toBe(0);
    const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8'));
    expect(report.project.files).toBeGreaterThan(0);
    expect(report.findings.some((f: { location: { file: string } }) => f.location.file.endsWith('.py'))).toBe(true); // Python grammar loaded
    expect((await readFile(join(out, 'report.pdf'))).subarray(0, 5).toString()).toBe('%PDF-');
  }, 240_000);
});
