// Sandboxed `git clone`: argument array (no shell), `--` before the URL, a protocol allow-list, no hooks, no
// submodules, no credential prompts, no system/global config, a timeout and a size watch that kills the clone.
// git does not resolve the host again: it connects to the address the SSRF guard checked (the pin), over https
// through curl's resolve list and over ssh through HostName, so a rebinding DNS answer cannot steer it.
import { spawn } from 'node:child_process';
import { isIP } from 'node:net';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { FetchError, FetchErrors } from './fetch-error';
import { dirSize } from './dir-size';

export interface CloneOptions {
  url: string;
  protocol: 'https' | 'ssh' | 'file';
  dest: string;
  /** Full history for ultra (the history analyzer needs it); depth 1 otherwise. */
  fullHistory: boolean;
  timeoutMs: number;
  maxBytes: number;
  /** The checked address to connect to instead of resolving `host`; null for file:// and IP-literal hosts. */
  pin: ClonePin | null;
}

export interface ClonePin {
  /** The host name as it appears in the URL (https: already lower-cased by URL parsing). */
  host: string;
  /** An IP literal from the SSRF guard (`resolvePinnedAddress`). */
  address: string;
}

const BASE_SSH = 'ssh -o BatchMode=yes -o StrictHostKeyChecking=accept-new -o ConnectTimeout=20';
// Host names reach ssh options through a shell (git runs GIT_SSH_COMMAND with sh): only plain DNS characters.
const SSH_SAFE_HOST = /^[A-Za-z0-9][A-Za-z0-9.-]*$/;

const NOT_FOUND =
  /not found|could not read from remote|does not appear to be a git repository|authentication failed|could not resolve host|terminal prompts disabled|permission denied|access denied|repository .* does not exist|unable to access|connection refused|host key verification failed/i;

function checkedPin(pin: ClonePin): ClonePin {
  if (!isIP(pin.address)) throw new Error(`Pinned address ${JSON.stringify(pin.address)} is not an IP address`);
  return pin;
}

/** curl's CURLOPT_RESOLVE entry `HOST:PORT:ADDRESS`; IPv6 addresses go in brackets. */
export function curlResolveEntry(url: string, pin: ClonePin): string {
  const { address, host } = checkedPin(pin);
  const port = new URL(url).port || '443';
  return `${host}:${port}:${isIP(address) === 6 ? `[${address}]` : address}`;
}

/** GIT_SSH_COMMAND: batch-mode ssh; with a pin it connects to the address and checks the host key under the name. */
export function gitSshCommand(pin: ClonePin | null): string {
  if (!pin) return BASE_SSH;
  const { address, host } = checkedPin(pin);
  if (!SSH_SAFE_HOST.test(host)) throw new Error(`Host ${JSON.stringify(host)} cannot be passed to ssh`);
  // Both values are validated above; the quotes are a second fence, not the first.
  return `${BASE_SSH} -o 'HostName=${address}' -o 'HostKeyAlias=${host}'`;
}

/** The `-c` options every git call to a user's repository runs with (clone and the intake probe alike). */
export function gitSafetyConfig(o: Pick<CloneOptions, 'url' | 'protocol' | 'pin'>): string[] {
  const allow = ['-c', 'protocol.allow=never', '-c', 'protocol.https.allow=always', '-c', 'protocol.ssh.allow=always'];
  if (o.protocol === 'file') allow.push('-c', 'protocol.file.allow=always');
  const pin = o.protocol === 'https' && o.pin ? ['-c', `http.curloptResolve=${curlResolveEntry(o.url, o.pin)}`] : [];
  return [
    ...allow,
    ...pin,
    '-c', 'core.hooksPath=/dev/null',
    // Symlinks become plain files holding the target: a checked-out link can never point outside the clone.
    '-c', 'core.symlinks=false',
    '-c', 'core.fsmonitor=false',
    // A redirect would send git to a host nobody checked or pinned (an internal https service, say): refused.
    // A moved repository then fails as 'not found'; its new URL works.
    '-c', 'http.followRedirects=false',
    '-c', 'credential.helper=',
  ];
}

export function gitCloneArgs(o: Pick<CloneOptions, 'url' | 'protocol' | 'dest' | 'fullHistory' | 'pin'>): string[] {
  return [
    ...gitSafetyConfig(o),
    'clone', '--quiet', '--no-recurse-submodules', '--single-branch',
    ...(o.fullHistory ? [] : ['--depth', '1']),
    '--', o.url, o.dest,
  ];
}

/** No prompts, no system or user config, the pinned ssh command, the protocol allow-list. */
export function gitEnv(o: Pick<CloneOptions, 'protocol' | 'pin'>, home: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    GIT_TERMINAL_PROMPT: '0',
    GIT_ASKPASS: '/bin/false',
    SSH_ASKPASS: '/bin/false',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_SSH_COMMAND: gitSshCommand(o.protocol === 'ssh' ? o.pin : null),
    GIT_ALLOW_PROTOCOL: o.protocol === 'file' ? 'https:ssh:file' : 'https:ssh',
    LC_ALL: 'C',
  };
}

/** git's words for "this repository does not exist or is not public" (the rest is a network or server problem). */
export function looksNotFound(stderr: string): boolean {
  return NOT_FOUND.test(stderr);
}

export async function gitClone(o: CloneOptions): Promise<void> {
  await mkdir(path.dirname(o.dest), { recursive: true });
  const child = spawn('git', gitCloneArgs(o), { stdio: ['ignore', 'ignore', 'pipe'], env: gitEnv(o, path.dirname(o.dest)) });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    if (stderr.length < 8192) stderr += d.toString();
  });
  let stopReason: FetchError | null = null;
  const stop = (reason: FetchError) => {
    stopReason ??= reason;
    child.kill('SIGKILL');
  };
  const timer = setTimeout(() => stop(FetchErrors.cloneTimedOut(o.timeoutMs)), o.timeoutMs);
  const watch = setInterval(() => {
    void dirSize(o.dest).then((size) => {
      if (size > o.maxBytes) stop(FetchErrors.tooLarge(o.maxBytes));
    });
  }, 500);
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', resolve);
    });
    if (stopReason) throw stopReason;
    if (code !== 0) {
      if (looksNotFound(stderr)) throw FetchErrors.repoNotFound();
      throw FetchErrors.cloneFailed(`git clone exited with code ${code}`);
    }
    if ((await dirSize(o.dest)) > o.maxBytes) throw FetchErrors.tooLarge(o.maxBytes);
  } finally {
    clearTimeout(timer);
    clearInterval(watch);
  }
}
