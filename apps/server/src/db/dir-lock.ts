// A lock file so that two processes never open the same embedded database directory at once.
import { openSync, closeSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes DIR/duescan.lock or throws a clear message; returns the release function. */
export function acquireDirLock(dir: string): () => void {
  const lockPath = path.join(dir, 'duescan.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockPath, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new Error(
          `The embedded database in ${dir} is in use by process ${owner}. PGlite allows one process: ` +
            'run `serve` and `worker` together (the default), or set DATABASE_URL to share a PostgreSQL.',
        );
      }
      if (owner === process.pid) {
        throw new Error(`The embedded database in ${dir} is already open in this process.`);
      }
      rmSync(lockPath, { force: true }); // stale lock from a crashed process
    }
  }
  throw new Error(`Could not lock ${lockPath}`);
}
