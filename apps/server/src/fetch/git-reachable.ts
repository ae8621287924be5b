// The intake probe: `git ls-remote` against the checked, pinned address, with the clone's safety options, so a
// repository that does not exist (or is private) is refused before a credit is spent. Only a clear "not found"
// refuses: a timeout or a network error is not the user's fault and the worker's clone (with retries) decides.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gitEnv, gitSafetyConfig, looksNotFound, type CloneOptions } from './git-clone';

export type Reachability = 'reachable' | 'not-found' | 'unknown';

export async function probeRepository(o: Pick<CloneOptions, 'url' | 'protocol' | 'pin'> & { timeoutMs: number }): Promise<Reachability> {
  // ssh may write known_hosts under HOME: a throwaway folder, never the service's own home.
  const home = await mkdtemp(path.join(os.tmpdir(), 'duescan-probe-'));
  try {
    const child = spawn('git', [...gitSafetyConfig(o), 'ls-remote', '--quiet', '--', o.url, 'HEAD'], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: gitEnv(o, home),
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < 8192) stderr += d.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), o.timeoutMs);
    const code = await new Promise<number | null>((resolve) => {
      child.on('error', () => resolve(null));
      child.on('close', resolve);
    }).finally(() => clearTimeout(timer));
    if (code === 0) return 'reachable';
    return code !== null && looksNotFound(stderr) ? 'not-found' : 'unknown';
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}
