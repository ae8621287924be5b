import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { scan } from './scan';
import { ScanError } from './errors';
import { tempProject } from './testing/temp-project';

// Worker threads load the engine from TypeScript source; on a loaded shared machine that takes a while.
const SLOW = { timeout: 180_000 };

let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((c) => c());
  cleanups = [];
});
function project(files: Record<string, string>): string {
  const p = tempProject(files);
  cleanups.push(p.cleanup);
  return p.root;
}

/** Enough tainted code that an unstopped Ultra run keeps SAST busy for seconds after the small jobs are done. */
function sizeableProject(modules: number): string {
  const files: Record<string, string> = {};
  for (let i = 0; i < modules; i++) {
    files[`pkg${i % 20}/mod${i}.py`] = Array.from(
      { length: 20 },
      (_, j) =>
        `import os\ndef handler_${j}(request):\n    uid = request.args.get("id")\n    os.system("ls " + uid)\n    return eval(request.args.get("x${j}"))\n`,
    ).join('\n');
    files[`pkg${i % 20}/mod${i}.js`] = Array.from(
      { length: 20 },
      (_, j) => `app.get('/r${j}', (req, res) => { require('child_process').exec('ls ' + req.query.d); res.send(eval(req.body.x)); });\n`,
    ).join('');
  }
  return project(files);
}

/**
 * OS threads of this process (Linux) other than the runtime's own helpers; worker threads count, so a pool left running
 * shows here. (libuv's file-system pool and V8's platform threads start lazily, whenever some test first needs them:
 * measured under the full suite on Node 24, one appeared during this test.)
 */
function osThreads(): number | null {
  if (!existsSync('/proc/self/task')) return null;
  const helpers = /^(libuv-worker|V8Worker|DelayedTaskSche|SignalInspector)/;
  return readdirSync('/proc/self/task').filter((t) => {
    try {
      return !helpers.test(readFileSync(`/proc/self/task/${t}/comm`, 'utf8').trim());
    } catch {
      return false; // the thread ended meanwhile
    }
  }).length;
}

async function rejection(p: Promise<unknown>): Promise<ScanError> {
  const outcome = await p.then(
    () => new Error('the scan finished although it was aborted'),
    (e: unknown) => e,
  );
  expect(outcome).toBeInstanceOf(ScanError);
  return outcome as ScanError;
}

describe('scan: abort', () => {
  it('an already-aborted signal rejects at once, before anything is read', async () => {
    const root = project({ 'a.py': 'x = 1\n' });
    const reason = new Error('caller gave up');
    const phases: string[] = [];
    const started = performance.now();
    const err = await rejection(scan(root, { package: 'pro', signal: AbortSignal.abort(reason), onProgress: (p) => phases.push(p) }));
    expect(err.code).toBe('aborted');
    expect(err.cause).toBe(reason);
    expect(phases).toEqual([]);
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('in-process (threads: 1): a caller timer fires between phases and the scan stops there', async () => {
    const root = project({ 'a.py': 'import os\nos.system(input())\n', 'b.js': 'eval(process.argv[2]);\n', 'package.json': '{"name":"x"}' });
    const controller = new AbortController();
    // Due at once, but collect and the analyzers are synchronous: it can only fire if the engine yields.
    setTimeout(() => controller.abort(new Error('time limit')), 0);
    const done: string[] = [];
    const err = await rejection(
      scan(root, { package: 'ultra', threads: 1, signal: controller.signal, onProgress: (p, d) => p === 'analyze' && d > 0 && done.push(p) }),
    );
    expect(err.code).toBe('aborted');
    expect((err.cause as Error).message).toBe('time limit');
    expect(done).toEqual([]);
  });

  it('on worker threads: aborting mid-analysis terminates the pool and rejects within 2 s, no thread left', SLOW, async () => {
    const root = sizeableProject(300);
    const before = osThreads();
    const controller = new AbortController();
    let abortedAt = 0;
    let analyzing = false;
    const scanning = scan(root, {
      package: 'ultra',
      threads: 2,
      signal: controller.signal,
      // The first small job is back, so the workers are up and SAST (the longest job) is running.
      onProgress: (phase, done) => {
        if (phase !== 'analyze' || done !== 1) return;
        analyzing = true;
        setTimeout(() => {
          abortedAt = performance.now();
          controller.abort(new Error('time limit'));
        }, 100);
      },
    });
    const err = await rejection(scanning);
    const tookMs = performance.now() - abortedAt;
    expect(analyzing).toBe(true);
    expect(err.code).toBe('aborted');
    expect(err.message).toBe('The scan was stopped before it finished.');
    expect(tookMs).toBeLessThan(2000);
    // scan() settles only after every worker has exited.
    if (before !== null) expect(osThreads()).toBeLessThanOrEqual(before);
  });
});
