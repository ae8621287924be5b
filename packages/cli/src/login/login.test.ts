// `duescan login` saves URL and token privately; `scan --upload` uses them, and without them says to log in.
import { mkdtemp, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../program';
import { ZScanOptions } from '../options';
import { NO_SERVER_MESSAGE, withSavedLogin } from '../upload/upload-command';
import { configDir, readCliConfig } from './cli-config';

let home: string;
const saved = { ...process.env };
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'duescan-login-'));
  process.env.XDG_CONFIG_HOME = join(home, 'xdg');
  delete process.env.DUESCAN_TOKEN;
  delete process.env.DUESCAN_API_URL;
});
afterEach(async () => {
  process.env = { ...saved };
  await rm(home, { recursive: true, force: true });
});

function capture(): { text: () => string; stream: NodeJS.WritableStream } {
  let out = '';
  return { text: () => out, stream: { write: (s: string) => ((out += s), true) } as unknown as NodeJS.WritableStream };
}

const scanOpts = (extra: Record<string, unknown>) =>
  ZScanOptions.parse({ package: 'quick', format: 'json', out: 'o', failOn: 'none', upload: true, ...extra });

describe('duescan login', () => {
  it('stores URL and token under XDG_CONFIG_HOME with 0700/0600', async () => {
    expect(await runCli(['login', '--api-url', 'https://duescan.example.com', '--token', 'dsk_abc'])).toBe(0);
    const dir = configDir();
    expect(dir).toBe(join(home, 'xdg', 'duescan'));
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect((await stat(join(dir, 'config.json'))).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(join(dir, 'config.json'), 'utf8'))).toEqual({ apiUrl: 'https://duescan.example.com/', token: 'dsk_abc' });
  });

  it('falls back to ~/.config when XDG_CONFIG_HOME is unset or relative', () => {
    expect(configDir({ HOME: '/home/u' })).toBe('/home/u/.config/duescan');
    expect(configDir({ HOME: '/home/u', XDG_CONFIG_HOME: 'rel' })).toBe('/home/u/.config/duescan');
  });

  it('rejects a URL that is not http(s) with exit 2 and writes nothing', async () => {
    const err = capture();
    expect(await runCli(['login', '--api-url', 'ftp://x'], err.stream)).toBe(2);
    expect(err.text()).toContain('--api-url must start with https:// or http://');
    expect(await readCliConfig()).toBeNull();
  });

  it('scan --upload takes server and token from the saved login', async () => {
    await runCli(['login', '--api-url', 'https://duescan.example.com', '--token', 'dsk_saved']);
    expect(await withSavedLogin(scanOpts({}))).toMatchObject({ apiUrl: 'https://duescan.example.com/', token: 'dsk_saved' });
    // A token given on the command line wins; the saved token is not sent to a different server.
    expect(await withSavedLogin(scanOpts({ token: 'dsk_cli' }))).toMatchObject({ token: 'dsk_cli' });
    expect((await withSavedLogin(scanOpts({ apiUrl: 'https://other.example.com' }))).token).toBeUndefined();
  });

  it('scan --upload with no login and no --api-url exits 2 telling the user to run duescan login', async () => {
    const err = capture();
    expect(await runCli(['scan', home, '--upload', '--token', 'dsk_x', '--quiet'], err.stream)).toBe(2);
    expect(err.text()).toContain(NO_SERVER_MESSAGE);
  });

  it('a damaged config file is reported, not ignored', async () => {
    await mkdir(configDir(), { recursive: true });
    await writeFile(join(configDir(), 'config.json'), '{not json');
    await expect(readCliConfig()).rejects.toThrow(/not a valid DueScan config/);
  });
});
