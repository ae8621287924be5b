// git connects to the address the SSRF guard checked, not to whatever DNS answers next (DNS rebinding): the pin is
// in the arguments (https: curl's resolve list) and in GIT_SSH_COMMAND (ssh: HostName), and real git runs show
// it is used. The host names end in .invalid, which never resolves, so reaching the probe proves the pin worked.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpProbe } from '../../test/tcp-probe';
import { curlResolveEntry, gitClone, gitCloneArgs, gitSshCommand } from './git-clone';

const run = promisify(execFile);
const base = { dest: '/tmp/x', fullHistory: false } as const;

function resolveArgs(args: string[]): string[] {
  return args.filter((a, i) => args[i - 1] === '-c' && a.startsWith('http.curloptResolve='));
}

describe('clone arguments carry the pinned address', () => {
  it('https: one curl resolve entry host:443:address, before the clone command', () => {
    const args = gitCloneArgs({ ...base, url: 'https://github.com/org/repo.git', protocol: 'https', pin: { host: 'github.com', address: '140.82.112.3' } });
    expect(resolveArgs(args)).toEqual(['http.curloptResolve=github.com:443:140.82.112.3']);
    expect(args.indexOf('http.curloptResolve=github.com:443:140.82.112.3')).toBeLessThan(args.indexOf('clone'));
  });

  it('follows no redirect (its new host would be neither checked nor pinned)', () => {
    const args = gitCloneArgs({ ...base, url: 'https://github.com/org/repo.git', protocol: 'https', pin: { host: 'github.com', address: '140.82.112.3' } });
    const at = args.indexOf('http.followRedirects=false');
    expect(args[at - 1]).toBe('-c');
    expect(at).toBeLessThan(args.indexOf('clone'));
  });

  it('https: the port from the URL, IPv6 addresses in brackets', () => {
    expect(curlResolveEntry('https://git.example.org:8443/a/b', { host: 'git.example.org', address: '203.0.114.7' })).toBe('git.example.org:8443:203.0.114.7');
    expect(curlResolveEntry('https://git.example.org/a/b', { host: 'git.example.org', address: '2606:4700::1111' })).toBe('git.example.org:443:[2606:4700::1111]');
  });

  it('no resolve entry without a pin, for ssh or for file://', () => {
    expect(resolveArgs(gitCloneArgs({ ...base, url: 'https://140.82.112.3/a/b', protocol: 'https', pin: null }))).toEqual([]);
    expect(resolveArgs(gitCloneArgs({ ...base, url: 'git@github.com:org/repo', protocol: 'ssh', pin: { host: 'github.com', address: '140.82.112.3' } }))).toEqual([]);
    expect(resolveArgs(gitCloneArgs({ ...base, url: 'file:///srv/repo', protocol: 'file', pin: null }))).toEqual([]);
  });

  it('ssh: HostName is the address, HostKeyAlias the name, batch mode kept', () => {
    expect(gitSshCommand({ host: 'github.com', address: '140.82.112.3' })).toBe(
      "ssh -o BatchMode=yes -o StrictHostKeyChecking=accept-new -o ConnectTimeout=20 -o 'HostName=140.82.112.3' -o 'HostKeyAlias=github.com'",
    );
    expect(gitSshCommand(null)).toBe('ssh -o BatchMode=yes -o StrictHostKeyChecking=accept-new -o ConnectTimeout=20');
  });

  it('refuses a pin that is not an IP address or a host that is not a plain DNS name', () => {
    expect(() => gitSshCommand({ host: 'github.com', address: '1.2.3.4;id' })).toThrow(/not an IP address/);
    expect(() => gitSshCommand({ host: "a';touch /tmp/pwned;'", address: '1.2.3.4' })).toThrow(/cannot be passed to ssh/);
    expect(() => gitSshCommand({ host: '-oProxyCommand=x', address: '1.2.3.4' })).toThrow(/cannot be passed to ssh/);
    expect(() => curlResolveEntry('https://a.example/x', { host: 'a.example', address: 'evil.example' })).toThrow(/not an IP address/);
  });

  it('ssh: the command survives the shell git runs it through (ssh -G prints the effective options)', async () => {
    for (const address of ['127.0.0.1', '::1']) {
      const { stdout } = await run('sh', ['-c', `${gitSshCommand({ host: 'nohost.invalid', address })} -G git@nohost.invalid`]);
      expect(stdout).toMatch(new RegExp(`^hostname ${address.replace(/\./g, '\\.')}$`, 'm'));
      expect(stdout).toMatch(/^hostkeyalias nohost\.invalid$/m);
      expect(stdout).toMatch(/^batchmode yes$/m);
    }
  });
});

describe('real git connects to the pinned address', () => {
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'duescan-pin-'));
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  const clone = (url: string, protocol: 'https' | 'ssh', address: string | null) =>
    gitClone({
      url,
      protocol,
      dest: path.join(work, String(Math.random()).slice(2), 'repo'),
      fullHistory: false,
      timeoutMs: 20_000,
      maxBytes: 10 * 1024 * 1024,
      pin: address ? { host: 'nohost.invalid', address } : null,
    });

  it.each(['127.0.0.1', '::1'] as const)('https over %s: TLS starts there with the host name as SNI', async (address) => {
    const probe = await startTcpProbe(address);
    try {
      await expect(clone(`https://nohost.invalid:${probe.port}/org/repo.git`, 'https', address)).rejects.toThrow();
      expect(probe.firstBytes.length).toBeGreaterThan(0);
      expect(probe.firstBytes[0]![0]).toBe(0x16); // TLS handshake record
      expect(probe.firstBytes[0]!.includes('nohost.invalid')).toBe(true); // SNI keeps the name
    } finally {
      await probe.close();
    }
  });

  it('ssh: the client banner arrives at the pinned address', async () => {
    const probe = await startTcpProbe('127.0.0.1');
    try {
      await expect(clone(`ssh://git@nohost.invalid:${probe.port}/org/repo.git`, 'ssh', '127.0.0.1')).rejects.toThrow();
      expect(probe.firstBytes.map((b) => b.toString('latin1'))).toEqual([expect.stringMatching(/^SSH-2\.0-/)]);
    } finally {
      await probe.close();
    }
  });

  it('without a pin git resolves the name itself and never reaches the probe', async () => {
    const probe = await startTcpProbe('127.0.0.1');
    try {
      await expect(clone(`https://nohost.invalid:${probe.port}/org/repo.git`, 'https', null)).rejects.toThrow();
      await expect(clone(`ssh://git@nohost.invalid:${probe.port}/org/repo.git`, 'ssh', null)).rejects.toThrow();
      expect(probe.connections()).toBe(0);
    } finally {
      await probe.close();
    }
  });
});
