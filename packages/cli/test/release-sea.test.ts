// The single executable runs outside the repo: --version, a scan with worker threads and a PDF; its extracted
// native addons live in a 0700 cache folder and are re-checked by SHA-256 on every run.
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmod, cp, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('..', import.meta.url));
const EXE = join(CLI, 'dist/downloads', `duescan-${process.platform}-${process.arch}`);
const FIXTURE = fileURLToPath(new URL('./fixtures/vuln-app', import.meta.url));

let work: string;
function exe(args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const env = { ...process.env, NO_COLOR: '1', XDG_CACHE_HOME: join(work, 'cache') };
    execFile(EXE, args, { cwd: work, env, timeout: 180_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 99) : 0, stdout, stderr }),
    );
  });
}

beforeAll(async () => {
  // `npm run build:sea -w duescan` makes it; run alone, the test builds it (about 10 s).
  if (!existsSync(EXE)) {
    if (!existsSync(join(CLI, 'dist/duescan.mjs'))) execFileSync(process.execPath, ['build.mjs'], { cwd: CLI, stdio: 'ignore' });
    execFileSync(process.execPath, ['release/build-sea.mjs'], { cwd: CLI, stdio: 'ignore' });
  }
  work = await mkdtemp(join(tmpdir(), 'duescan-sea-'));
}, 180_000);
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe.runIf(process.platform === 'linux' && process.arch === 'x64')('single executable (linux-x64)', () => {
  it('runs --version and a scan outside the repo from a private, verified cache', async () => {
    const version = JSON.parse(await readFile(join(CLI, 'package.json'), 'utf8')).version;
    expect((await exe(['--version'])).stdout.trim()).toBe(version);
    const cacheDir = join(work, 'cache', 'duescan');
    expect((await stat(cacheDir)).mode & 0o777).toBe(0o700);
    const [extracted] = await readdir(cacheDir);
    expect((await stat(join(cacheDir, extracted!))).mode & 0o777).toBe(0o700);

    await cp(FIXTURE, join(work, 'project'), { recursive: true });
    const scan = await exe(['scan', 'project', '--threads', '2', '--format', 'json,pdf', '--out', 'out', '--quiet']);
    expect(scan.code, scan.stderr).toBe(0);
    const report = JSON.parse(await readFile(join(work, 'out', 'report.json'), 'utf8'));
    expect(report.findings.some((f: { location: { file: string } }) => f.location.file.endsWith('.py'))).toBe(true);
    expect((await readFile(join(work, 'out', 'report.pdf'))).subarray(0, 5).toString()).toBe('%PDF-');

    // A changed native addon in the cache is replaced from the executable, never loaded.
    const addonDir = join(cacheDir, extracted!, 'node_modules/@ast-grep/napi-linux-x64-gnu');
    const addon = join(addonDir, (await readdir(addonDir)).find((f) => f.endsWith('.node'))!);
    const original = createHash('sha256').update(await readFile(addon)).digest('hex');
    await writeFile(addon, 'not a native addon');
    expect((await exe(['scan', 'project', '--json', '--quiet'])).code).toBe(0);
    expect(createHash('sha256').update(await readFile(addon)).digest('hex')).toBe(original);

    // A cache folder others can write to is refused.
    await chmod(cacheDir, 0o777);
    const refused = await exe(['--version']);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('refusing to use');
  }, 240_000);
});
