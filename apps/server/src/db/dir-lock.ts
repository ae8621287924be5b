// A lock file so that two processes never open the same embedded database directory at once.
// A PID alone does not identify the holder: in a container node is PID 1 on every start, and after a crash an
// unrelated process may reuse the dead holder's PID. The file therefore records the holder's PID *and* its
// start time (from /proc, where there is one), and "open in this process" is known from memory, not the file.
import { openSync, closeSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import { processStartTicks, processStartedAfter } from './process-identity';

/** What the lock file holds: `{"pid":123,"start":456789}` (start: clock ticks since boot, Linux only). */
interface Holder {
  pid: number;
  start?: number;
}

/** Directories this process holds: the only reliable answer to "already open in this process". */
const heldHere = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Older versions wrote the bare PID; both forms are read. Anything unreadable counts as no holder. */
function readHolder(lockPath: string): Holder | null {
  const text = readFileSync(lockPath, 'utf8').trim();
  if (/^\d+$/.test(text)) return { pid: Number(text) };
  try {
    const parsed = JSON.parse(text) as Partial<Holder>;
    if (!Number.isInteger(parsed.pid) || parsed.pid! <= 0) return null;
    return { pid: parsed.pid!, ...(Number.isInteger(parsed.start) ? { start: parsed.start } : {}) };
  } catch {
    return null;
  }
}

/** True when the process named in the lock is still the one that wrote it. */
function holderIsLive(holder: Holder, lockPath: string): boolean {
  // We never wrote a lock we do not hold in memory: a lock naming our PID was left by an earlier life of it.
  if (holder.pid === process.pid) return false;
  if (!isAlive(holder.pid)) return false;
  const start = processStartTicks(holder.pid);
  if (start === undefined) return true; // no /proc: the PID is all we can check
  if (holder.start !== undefined) return holder.start === start;
  // A bare-PID lock: its holder cannot have started after the lock was written.
  return !processStartedAfter(holder.pid, statSync(lockPath).mtimeMs);
}

/** Takes DIR/duescan.lock or throws a clear message; returns the release function. */
export function acquireDirLock(dir: string): () => void {
  const key = path.resolve(dir);
  if (heldHere.has(key)) throw new Error(`The embedded database in ${dir} is already open in this process.`);
  const lockPath = path.join(dir, 'duescan.lock');
  const start = processStartTicks(process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, JSON.stringify({ pid: process.pid, ...(start === undefined ? {} : { start }) }));
      closeSync(fd);
      heldHere.add(key);
      return () => {
        heldHere.delete(key);
        rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(lockPath);
      if (holder && holderIsLive(holder, lockPath)) {
        throw new Error(
          `The embedded database in ${dir} is in use by process ${holder.pid}. PGlite allows one process: ` +
            'run `serve` and `worker` together (the default), or set DATABASE_URL to share a PostgreSQL.',
        );
      }
      rmSync(lockPath, { force: true }); // stale lock from a crashed process
    }
  }
  throw new Error(`Could not lock ${lockPath}`);
}
