// URL/path validation before anything is fetched: option injection, transports, SSRF, server-path allow-list.
import { mkdtemp, mkdir, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitCloneArgs } from './git-clone';
import { assertPublicHost, isBlockedAddress, resolvePinnedAddress } from './network-targets';
import { parseGitUrl, resolveProjectSource } from './project-source';

const policy = { allowFileUrls: false, allowPrivateTargets: false, pathRoots: [] as string[] };

describe('git URLs', () => {
  it.each([
    ['https://github.com/expressjs/express.git', 'express', 'https'],
    ['https://gitlab.example.org/group/sub/repo', 'repo', 'https'],
    ['git@github.com:org/my-repo.git', 'my-repo', 'ssh'],
    ['ssh://git@example.com:2222/org/tool.git', 'tool', 'ssh'],
  ])('accepts %s', (url, name, protocol) => {
    expect(parseGitUrl(url, false)).toMatchObject({ name, protocol });
  });

  it.each([
    '--upload-pack=touch /tmp/pwned',
    '-oProxyCommand=touch /tmp/pwned',
    'https://example.com/repo --upload-pack=x',
    'ext::sh -c touch% /tmp/pwned',
    'https://example.com/a\nb',
    'git@-oProxyCommand=x:repo',
    'git@host:-repo',
    'http://example.com/org/repo',
    'ftp://example.com/org/repo',
    'file:///etc',
    'https://user:pass@example.com/org/repo',
    'https://example.com',
    'ssh://a;touch${IFS}x/org/repo',
    'ssh://a`id`.example/org/repo',
  ])('refuses %j', (url) => {
    expect(() => parseGitUrl(url, false)).toThrow();
  });

  it('allows file:// only when the operator enables it', () => {
    expect(parseGitUrl('file:///srv/repos/app', true)).toMatchObject({ protocol: 'file', name: 'app' });
    expect(() => parseGitUrl('file:///srv/repos/app', false)).toThrow(/disabled/);
  });

  it('clone arguments: protocol allow-list, no hooks, `--` before the URL', () => {
    const args = gitCloneArgs({ url: 'https://e.com/a', protocol: 'https', dest: '/tmp/x', fullHistory: false, pin: null });
    expect(args.slice(-3)).toEqual(['--', 'https://e.com/a', '/tmp/x']);
    expect(args).toEqual(expect.arrayContaining(['protocol.allow=never', 'core.hooksPath=/dev/null', '--depth', '--no-recurse-submodules']));
    expect(args).not.toContain('protocol.file.allow=always');
    expect(gitCloneArgs({ url: 'x', protocol: 'https', dest: 'y', fullHistory: true, pin: null })).not.toContain('--depth');
  });
});

describe('SSRF', () => {
  it.each(['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fd00:ec2::254', '::ffff:127.0.0.1', '::ffff:7f00:1'])(
    'blocks %s',
    (ip) => expect(isBlockedAddress(ip)).toBe(true),
  );
  it.each(['140.82.112.3', '8.8.8.8', '2606:4700::1111'])('allows %s', (ip) => expect(isBlockedAddress(ip)).toBe(false));

  it.each(['https://127.0.0.1/org/repo', 'https://169.254.169.254/latest/meta-data', 'https://10.0.0.5/a/b', 'https://[::1]/org/repo', 'https://localhost/org/repo', 'git@127.0.0.1:org/repo'])(
    'refuses %s after resolving it',
    async (url) => {
      await expect(resolveProjectSource(url, policy)).rejects.toThrow(/private or local network address/);
    },
  );
  it('the operator may allow private targets', async () => {
    await expect(resolveProjectSource('https://127.0.0.1/org/repo', { ...policy, allowPrivateTargets: true })).resolves.toMatchObject({ host: '127.0.0.1' });
  });

  it('returns the checked address the clone is pinned to (none for IP literals and file://)', async () => {
    const open = { ...policy, allowPrivateTargets: true, allowFileUrls: true };
    const named = await resolveProjectSource('https://localhost/org/repo', open);
    const address = named.kind === 'url' ? named.address : undefined;
    expect(named).toMatchObject({ kind: 'url', host: 'localhost' });
    expect(['127.0.0.1', '::1']).toContain(address);
    await expect(resolveProjectSource('git@localhost:org/repo', open)).resolves.toMatchObject({ host: 'localhost', address });
    await expect(resolveProjectSource('https://127.0.0.1/org/repo', open)).resolves.toMatchObject({ address: null });
    await expect(resolveProjectSource('ssh://git@[::1]/org/repo', open)).resolves.toMatchObject({ host: '[::1]', address: null });
    await expect(resolveProjectSource('file:///srv/repos/app', open)).resolves.toMatchObject({ address: null });
  });

  it('the pinned address is the first checked one', async () => {
    const all = await assertPublicHost('localhost', true);
    await expect(resolvePinnedAddress('localhost', true)).resolves.toBe(all[0]);
    await expect(resolvePinnedAddress('localhost', false)).rejects.toThrow(/private or local/);
    await expect(resolvePinnedAddress('nohost.invalid', true)).rejects.toThrow(/could not be resolved/);
  });
});

describe('server paths', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'duescan-roots-'));
    await mkdir(path.join(root, 'allowed/app'), { recursive: true });
    await mkdir(path.join(root, 'secret'), { recursive: true });
    await symlink(path.join(root, 'secret'), path.join(root, 'allowed/escape'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('are off by default', async () => {
    await expect(resolveProjectSource(path.join(root, 'allowed/app'), policy)).rejects.toThrow(/disabled/);
  });
  it('are accepted inside a root and refused outside it, including through symlinks and ..', async () => {
    const p = { ...policy, pathRoots: [path.join(root, 'allowed')] };
    await expect(resolveProjectSource(path.join(root, 'allowed/app'), p)).resolves.toMatchObject({ kind: 'path', name: 'app' });
    await expect(resolveProjectSource(path.join(root, 'secret'), p)).rejects.toThrow(/not inside/);
    await expect(resolveProjectSource(path.join(root, 'allowed/escape'), p)).rejects.toThrow(/not inside/);
    await expect(resolveProjectSource(path.join(root, 'allowed/../secret'), p)).rejects.toThrow(/not inside/);
  });
});
