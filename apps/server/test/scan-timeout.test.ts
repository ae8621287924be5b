// SCAN_TIMEOUT on each engine: the scan fails with the spec message and is refunded, and the engine run is
// stopped, not left running: its worker threads are gone by the time the failure is visible.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from './helpers';
import { setCredits, signUp, startScanRuntime, waitFor, waitForScan, type Client, type ScanRuntime } from './scan-runtime';

/** OS threads of this process (Linux). The runtime runs in this process, so the engine's workers count here. */
function osThreads(): number | null {
  if (!existsSync('/proc/self/status')) return null;
  return Number(/^Threads:\s+(\d+)/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]);
}

/** A project whose Enterprise scan on two threads runs far longer than the time limit below. */
function sizeableProject(root: string, modules: number): string {
  const dir = path.join(root, 'big-app');
  for (let i = 0; i < modules; i++) {
    const pkg = path.join(dir, `pkg${i % 20}`);
    mkdirSync(pkg, { recursive: true });
    const py = (j: number) => `import os\ndef handler_${j}(request):\n    os.system("ls " + request.args.get("id"))\n    return eval(request.args.get("x"))\n`;
    const js = (j: number) => `app.get('/r${j}', (req, res) => { require('child_process').exec('ls ' + req.query.d); res.send(eval(req.body.x)); });\n`;
    writeFileSync(path.join(pkg, `mod${i}.py`), Array.from({ length: 20 }, (_, j) => py(j)).join('\n'));
    writeFileSync(path.join(pkg, `mod${i}.js`), Array.from({ length: 20 }, (_, j) => js(j)).join(''));
  }
  return dir;
}

describe.each(ENGINES)('scan time limit on %s', (engine) => {
  let rt: ScanRuntime;
  let alice: Client;
  let roots: string;
  let project: string;

  beforeAll(async () => {
    roots = mkdtempSync(path.join(os.tmpdir(), 'duescan-timeout-'));
    // About 30 s of engine work here: far past the limit even on a much faster machine.
    project = sizeableProject(roots, 1200);
    // Two engine threads so the analyzers run on workers, as on a production machine.
    rt = await startScanRuntime(engine, { SCAN_TIMEOUT: '3s', SCAN_THREADS: '2', SCAN_PATH_ROOTS: roots });
    alice = await signUp(rt.url, 'alice');
    await setCredits(rt.runtime, alice.userId, 1, 'enterprise');
  }, 120_000);
  afterAll(async () => {
    await rt?.close();
    await rt?.testDb.drop();
    if (roots) rmSync(roots, { recursive: true, force: true });
  });

  it('fails with the spec message, refunds, and stops the engine run', async () => {
    const before = osThreads();
    const created = await alice.call('POST', '/scans/create', { project_url: project, package_type: 'enterprise' });
    expect(created.status).toBe(201);
    expect((await alice.call('GET', '/account/me')).json.credits_remaining).toBe(0);
    // The scan really reached the engine's worker threads before the limit.
    if (before !== null) await waitFor(async () => osThreads()! > before, 20_000, () => 'for the engine threads to start');

    const done = await waitForScan(alice, created.json.id, 60_000);
    expect(done).toMatchObject({ status: 'failed', error_message: 'Scan timed out after 3 seconds', report_url: null });
    // The job fails only after the engine stopped: no worker thread is left burning CPU.
    if (before !== null) expect(osThreads()).toBeLessThanOrEqual(before);
    expect((await alice.call('GET', '/account/me')).json.credits_remaining).toBe(1);
  }, 90_000);
});
