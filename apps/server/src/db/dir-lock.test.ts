// The PGlite directory lock after a crash: the lock must name its holder robustly (PID + start time), so a new
// process that happens to get the dead holder's PID, or an unrelated live process on that PID, does not block.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDirLock } from './dir-lock';
import { processStartTicks } from './process-identity';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'duescan-lock-'));
  dirs.push(dir);
  return dir;
}

/** A live process that is not a DueScan: what a reused PID points at after a crash. */
async function unrelatedProcess(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  return child.pid!;
}

const hourAgo = () => new Date(Date.now() - 3_600_000);

describe('acquireDirLock', () => {
  it('takes over a stale lock that names its own PID (a container restarts node as PID 1)', () => {
    const dir = tempDir();
    // The bare-PID form older versions wrote, left by a crashed process whose PID we now have.
    writeFileSync(path.join(dir, 'duescan.lock'), String(process.pid));
    const release = acquireDirLock(dir);
    release();
  });

  it('takes over a stale lock with our PID and another start time', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'duescan.lock'), JSON.stringify({ pid: process.pid, start: 1 }));
    acquireDirLock(dir)();
  });

  it('takes over a bare-PID lock whose PID now belongs to an unrelated process started after the crash', async () => {
    const dir = tempDir();
    const lock = path.join(dir, 'duescan.lock');
    writeFileSync(lock, String(await unrelatedProcess()));
    utimesSync(lock, hourAgo(), hourAgo()); // the crash was an hour ago, the process is new
    acquireDirLock(dir)();
  });

  it.runIf(processStartTicks(process.pid) !== undefined)('takes over a lock whose live PID has another start time', async () => {
    const dir = tempDir();
    const pid = await unrelatedProcess();
    writeFileSync(path.join(dir, 'duescan.lock'), JSON.stringify({ pid, start: processStartTicks(pid)! - 1 }));
    acquireDirLock(dir)();
  });

  it('refuses while the recorded holder is alive', async () => {
    const dir = tempDir();
    const pid = await unrelatedProcess();
    const start = processStartTicks(pid);
    writeFileSync(path.join(dir, 'duescan.lock'), JSON.stringify({ pid, ...(start === undefined ? {} : { start }) }));
    expect(() => acquireDirLock(dir)).toThrow(`is in use by process ${pid}`);
  });

  it('refuses a second open in the same process and frees the directory on release', () => {
    const dir = tempDir();
    const release = acquireDirLock(dir);
    expect(JSON.parse(readFileSync(path.join(dir, 'duescan.lock'), 'utf8'))).toMatchObject({ pid: process.pid });
    expect(() => acquireDirLock(dir)).toThrow('already open in this process');
    release();
    acquireDirLock(dir)();
  });
});
