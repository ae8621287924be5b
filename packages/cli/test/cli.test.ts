// Runs the real CLI (the bin launcher, as a user would) on fixture projects and checks outputs and exit codes.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../bin/duescan.mjs', import.meta.url));
const FIXTURE = fileURLToPath(new URL('./fixtures/vuln-app', import.meta.url));
const OSV = fileURLToPath(new URL('../../engine/src/advisories/fixtures/osv', import.meta.url));

function duescan(args: string[], env: Record<string, string> = {}, cwd?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const options = { timeout: 120_000, env: { ...process.env, NO_COLOR: '1', ...env }, ...(cwd ? { cwd } : {}) };
    execFile(process.execPath, [BIN, ...args], options, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 99) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** A loopback port that was free a moment ago (listened on, then closed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'duescan-cli-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('duescan CLI', () => {
  it('prints help for every command', async () => {
    for (const args of [['--help'], ['scan', '--help'], ['advisories', 'update', '--help']]) {
      const r = await duescan(args);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('Usage: duescan');
    }
    expect((await duescan(['scan', '--help'])).stdout).toContain('Exit codes: 0 ok, 1 findings at or above --fail-on');
  });

  it('answers usage errors with exit 2 and a message', async () => {
    const missing = await duescan(['scan', join(work, 'does-not-exist')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Path not found');
    const tier = await duescan(['scan', FIXTURE, '--package', 'mega']);
    expect(tier.code).toBe(2);
    expect(tier.stderr).toContain('--package must be one of');
    const format = await duescan(['scan', FIXTURE, '--format', 'json,docx']);
    expect(format.code).toBe(2);
    expect(format.stderr).toContain('--format takes');
    expect((await duescan(['nonsense'])).code).toBe(2);
  });

  it('scans a project, writes json/sarif/sbom and gates on --fail-on', async () => {
    const out = join(work, 'out');
    const r = await duescan(['scan', FIXTURE, '--package', 'pro', '--format', 'json,sarif,sbom,html,pdf', '--out', out, '--fail-on', 'high', '--quiet']);
    const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8'));
    expect(report.tier).toBe('pro');
    const severities: string[] = report.findings.map((f: { severity: string }) => f.severity);
    const expected = severities.some((s) => s === 'critical' || s === 'high') ? 1 : 0;
    expect(expected).toBe(1); // the fixture holds a live-looking AWS key: at least one high finding
    expect(r.code).toBe(expected);
    expect(JSON.parse(await readFile(join(out, 'report.sarif'), 'utf8')).version).toBe('2.1.0');
    expect(JSON.parse(await readFile(join(out, 'sbom.cdx.json'), 'utf8')).bomFormat).toBe('CycloneDX');
    expect((await readFile(join(out, 'report.pdf'))).subarray(0, 5).toString()).toBe('%PDF-');
    const html = await readFile(join(out, 'report.html'), 'utf8');
    for (const f of report.findings as { id: string }[]) expect(html).toContain(f.id);
  });

  it('keeps stdout pure JSON with --json and progress on stderr', async () => {
    const r = await duescan(['scan', FIXTURE, '--json', '--out', join(work, 'out2')]);
    expect(r.code).toBe(0);
    const parsed = JSON.parse(r.stdout);
    expect(parsed.schemaVersion).toBeTruthy();
    expect(r.stderr).toContain('Security score');
  });

  it('an empty folder is a usage error (exit 2) with a clear message', async () => {
    const empty = join(work, 'empty');
    await mkdir(empty);
    const r = await duescan(['scan', empty, '--out', join(work, 'out3')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^duescan: .*(no files|nothing to scan|empty)/im);
  });

  it('a missing or malformed baseline file is a usage error (exit 2) naming the file', async () => {
    const missing = await duescan(['scan', FIXTURE, '--baseline', join(work, 'no-such-baseline.json'), '--quiet', '--out', join(work, 'bl1')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no-such-baseline.json: it does not exist');
    const broken = join(work, 'broken-baseline.json');
    await writeFile(broken, '{ not json');
    const bad = await duescan(['scan', FIXTURE, '--baseline', broken, '--quiet', '--out', join(work, 'bl2')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('broken-baseline.json: it is not valid JSON');
  });

  it.each([['abc'], ['0'], ['2.5'], ['65']])('--threads %s names the option (exit 2)', async (value) => {
    const r = await duescan(['scan', FIXTURE, '--threads', value]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--threads must be a whole number from 1 to 64');
  });

  it('--json alone writes no files (no ./duescan-report)', async () => {
    const cwd = join(work, 'json-only');
    await mkdir(cwd);
    const r = await duescan(['scan', FIXTURE, '--json', '--quiet'], {}, cwd);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).schemaVersion).toBeTruthy();
    expect(await readdir(cwd)).toEqual([]);
  });

  it('names the files left out for their size on the terminal', async () => {
    const project = join(work, 'with-big-file');
    await mkdir(project);
    await writeFile(join(project, 'app.js'), "require('child_process').exec('ls ' + process.argv[2]);\n");
    await writeFile(join(project, 'bundle.js'), `// generated\n${'var x = 1;\n'.repeat(120_000)}`);
    const line = /1 file was not analyzed because it is too large: bundle\.js \(\d+ bytes \(limit 1048576\)\)/;
    const r = await duescan(['scan', project, '--out', join(work, 'big-out')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(line);
    // A warning, not progress: --quiet still says it (on stderr).
    const quiet = await duescan(['scan', project, '--quiet', '--out', join(work, 'big-out')]);
    expect(quiet.stdout).toBe('');
    expect(quiet.stderr).toMatch(line);
  });

  it('advisories update without network says what failed and how to import offline', async () => {
    // A loopback port nobody listens on: the same failure as an offline machine, without touching the internet.
    const port = await closedPort();
    const url = `https://127.0.0.1:${port}/npm/all.zip`;
    const r = await duescan(['advisories', 'update', '--from', url], { DUESCAN_ADVISORY_DB: join(work, 'adv-offline') });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`Could not download ${url} (ECONNREFUSED)`);
    expect(r.stderr).toContain('duescan advisories update --from <folder or all.zip>');
    expect(r.stderr).not.toContain('scan failed');
  });

  it('a baseline written from one scan hides those findings in the next', async () => {
    const base = join(work, 'baseline.json');
    await duescan(['scan', FIXTURE, '--package', 'pro', '--out', join(work, 'b1'), '--write-baseline', base, '--quiet']);
    const r = await duescan(['scan', FIXTURE, '--package', 'pro', '--out', join(work, 'b2'), '--baseline', base, '--fail-on', 'low', '--quiet']);
    const report = JSON.parse(await readFile(join(work, 'b2', 'report.json'), 'utf8'));
    expect(report.findings).toHaveLength(0);
    expect(report.suppressed.length).toBeGreaterThan(0);
    expect(r.code).toBe(0);
  });

  it('imports OSV advisories and finds lodash 4.17.15 with its advisory and fixed version', async () => {
    const db = join(work, 'advisories');
    const imported = await duescan(['advisories', 'update', '--from', OSV], { DUESCAN_ADVISORY_DB: db });
    expect(imported.code).toBe(0);
    expect(imported.stdout).toMatch(/Imported \d+ advisories/);
    await duescan(['scan', FIXTURE, '--out', join(work, 'adv'), '--quiet'], { DUESCAN_ADVISORY_DB: db });
    const report = JSON.parse(await readFile(join(work, 'adv', 'report.json'), 'utf8'));
    expect(report.advisoryDatabase.records).toBeGreaterThan(0);
    const lodash = report.vulnerableDependencies.find((v: { dependency: { name: string } }) => v.dependency.name === 'lodash');
    expect(lodash?.advisoryId).toBe('GHSA-p6mc-m468-83gw');
    expect(lodash?.fixedVersion).toBe('4.17.19');
  });

  it('runs as a bundle (built fresh here: entry and on-demand chunks) with the engine worker pool inside it', async () => {
    const pkg = fileURLToPath(new URL('..', import.meta.url));
    execFileSync(process.execPath, ['build.mjs'], { cwd: pkg, stdio: 'pipe' });
    const bundle = join(pkg, 'dist', 'duescan.mjs');
    const out = join(work, 'bundle');
    const r = await new Promise<{ code: number; stdout: string }>((resolve) => {
      execFile(process.execPath, [bundle, 'scan', FIXTURE, '--package', 'ultra', '--threads', '2', '--format', 'json,pdf', '--out', out], { timeout: 120_000, env: { ...process.env, NO_COLOR: '1' } }, (err, stdout) =>
        resolve({ code: err ? Number(err.code) : 0, stdout }),
      );
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Security score');
    const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8'));
    expect(report.analyzers.map((a: { id: string }) => a.id)).toContain('sast');
    expect((await readFile(join(out, 'report.pdf'))).subarray(0, 5).toString()).toBe('%PDF-');
    // The bundled packages' notices ship beside it, with their licence texts (Apache-2.0 and MIT require that).
    const notices = await readFile(join(pkg, 'dist', 'THIRD-PARTY-NOTICES.txt'), 'utf8');
    expect(notices).toMatch(/^commander \d+\.\d+\.\d+ \(MIT\)$/m);
    expect(notices).toMatch(/^ae-cvss-calculator \S+ \(Apache-2\.0\)$/m);
    expect(notices).toContain('Permission is hereby granted, free of charge');

    // --version and --help load none of the scanner's packages: no native addon mapped, no pdfkit, no piscina.
    const probe = join(work, 'probe.cjs');
    await writeFile(
      probe,
      `process.on('exit', () => { const maps = require('fs').readFileSync('/proc/self/maps', 'utf8'); process.stderr.write('LOADED ' + JSON.stringify({ napi: maps.includes('ast-grep'), cjs: Object.keys(require.cache).filter((k) => /node_modules\\/(pdfkit|fontkit|piscina)\\//.test(k)) })); });`,
    );
    for (const args of [['--version'], ['--help'], ['scan', '--help']]) {
      const res = await new Promise<{ stderr: string; stdout: string }>((resolve) =>
        execFile(process.execPath, ['-r', probe, bundle, ...args], { timeout: 60_000 }, (_e, stdout, stderr) => resolve({ stdout, stderr })),
      );
      expect(res.stdout).toMatch(/^0\.1\.0$|Usage: duescan/m);
      expect(JSON.parse(/LOADED (.*)$/m.exec(res.stderr)![1]!)).toEqual({ napi: false, cjs: [] });
    }
    // A bare --version answers from the entry file alone: the command tree (commander, the API contracts' ~0.8 MB)
    // is a chunk the entry imports only for other commands, so the entry itself stays a few hundred bytes.
    const entry = await readFile(bundle, 'utf8');
    expect(entry.length).toBeLessThan(4_000);
    expect(entry).not.toMatch(/^import .* from ["']\.\/program-/m);
  });
});
