// Real archives, good and malicious, through the real extractor.
import { mkdtemp, readFile, readdir, rm, writeFile, lstat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawTar, writeZip, type TarEntry, type ZipEntry } from '../../test/fixtures/archives';
import { extractArchive } from './extract-archive';

const LIMITS = { maxBytes: 50 * 1024 * 1024, maxEntries: 1000, maxRatio: 200 };
let dir: string;
let n = 0;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'duescan-extract-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function tarCase(entries: TarEntry[], gzip = false, limits = LIMITS) {
  const file = path.join(dir, `case-${++n}.${gzip ? 'tar.gz' : 'tar'}`);
  await writeFile(file, rawTar(entries, gzip));
  const dest = path.join(dir, `out-${n}`);
  return { dest, run: () => extractArchive(file, dest, limits) };
}
async function zipCase(entries: ZipEntry[], limits = LIMITS) {
  const file = path.join(dir, `case-${++n}.zip`);
  writeZip(file, entries);
  const dest = path.join(dir, `out-${n}`);
  return { dest, run: () => extractArchive(file, dest, limits) };
}

describe('good archives', () => {
  it('extracts a .tar.gz with folders and an inner symlink', async () => {
    const c = await tarCase(
      [
        { path: 'proj/', type: 'Directory' },
        { path: 'proj/app.js', body: 'console.log(1)\n' },
        { path: 'proj/link.js', type: 'SymbolicLink', linkpath: 'app.js' },
      ],
      true,
    );
    await c.run();
    expect(await readFile(path.join(c.dest, 'proj/app.js'), 'utf8')).toBe('console.log(1)\n');
    expect((await lstat(path.join(c.dest, 'proj/link.js'))).isSymbolicLink()).toBe(true);
  });
  it('extracts a .zip', async () => {
    const c = await zipCase([{ name: 'src/main.py', body: 'print(1)\n' }, { name: 'README.md', body: '# hi\n' }]);
    await c.run();
    expect((await readdir(c.dest)).sort()).toEqual(['README.md', 'src']);
    expect(await readFile(path.join(c.dest, 'src/main.py'), 'utf8')).toBe('print(1)\n');
  });
});

describe('malicious archives are rejected', () => {
  it.each([
    ['path traversal', [{ path: '../evil.js', body: 'x' }], /escapes the extraction folder/],
    ['nested traversal', [{ path: 'a/../../evil.js', body: 'x' }], /escapes the extraction folder/],
    ['absolute path', [{ path: '/tmp/evil.js', body: 'x' }], /absolute path/],
    ['symlink escaping the root', [{ path: 'l', type: 'SymbolicLink', linkpath: '../../etc/passwd' }], /points outside/],
    ['absolute symlink', [{ path: 'l', type: 'SymbolicLink', linkpath: '/etc/passwd' }], /points outside/],
    ['hard link escaping the root', [{ path: 'h', type: 'Link', linkpath: '../outside' }], /points outside/],
    [
      'writing through a symlink',
      [
        { path: 'd', type: 'SymbolicLink', linkpath: 'x' },
        { path: 'd/file', body: 'x' },
      ],
      /through a link/,
    ],
    [
      // Each link's text stays inside; followed as the file system does (sub/b is the root), sub/a is its parent.
      'symlink chain through another link',
      [
        { path: 'sub/', type: 'Directory' },
        { path: 'sub/b', type: 'SymbolicLink', linkpath: '..' },
        { path: 'sub/a', type: 'SymbolicLink', linkpath: 'b/..' },
      ],
      /link "sub\/a" points outside/,
    ],
    [
      'symlink chain declared before the link it goes through',
      [
        { path: 'sub/a', type: 'SymbolicLink', linkpath: 'b/../..' },
        { path: 'sub/b', type: 'SymbolicLink', linkpath: '.' },
        { path: 'sub/c', type: 'SymbolicLink', linkpath: 'b/b/b/..' },
      ],
      /points outside/,
    ],
    [
      'symlink loop',
      [
        { path: 'x', type: 'SymbolicLink', linkpath: 'y/z' },
        { path: 'y', type: 'SymbolicLink', linkpath: 'x/z' },
      ],
      /link loop/,
    ],
    ['character device', [{ path: 'dev', type: 'CharacterDevice' }], /device, FIFO/],
    ['fifo', [{ path: 'pipe', type: 'FIFO' }], /device, FIFO/],
  ] as [string, TarEntry[], RegExp][])('tar: %s', async (_name, entries, message) => {
    const c = await tarCase(entries, true);
    await expect(c.run()).rejects.toThrow(message);
    // Nothing escaped next to the output folder.
    expect(await readdir(dir)).not.toContain('evil.js');
  });

  it('tar: total size above the limit', async () => {
    const c = await tarCase([{ path: 'big.bin', body: Buffer.alloc(2 * 1024 * 1024) }], false, { ...LIMITS, maxBytes: 1024 * 1024 });
    await expect(c.run()).rejects.toThrow(/expands to more than 1 MB/);
  });
  it('tar: too many entries', async () => {
    const entries = Array.from({ length: 20 }, (_, i) => ({ path: `f${i}.txt`, body: 'x' }));
    const c = await tarCase(entries, false, { ...LIMITS, maxEntries: 10 });
    await expect(c.run()).rejects.toThrow(/more than 10 entries/);
  });
  it('tar.gz bomb: compression ratio', async () => {
    const c = await tarCase([{ path: 'zeros.bin', body: Buffer.alloc(20 * 1024 * 1024) }], true);
    await expect(c.run()).rejects.toThrow(/compression ratio/);
  });
  it('corrupt tar.gz', async () => {
    const file = path.join(dir, 'corrupt.tar.gz');
    await writeFile(file, Buffer.from('this is not gzip at all, just text'.repeat(40)));
    await expect(extractArchive(file, path.join(dir, 'corrupt-out'), LIMITS)).rejects.toMatchObject({ code: 'archive-corrupt' });
  });

  it.each([
    ['path traversal', [{ name: '../evil.js', body: 'x' }], /escapes the extraction folder/],
    ['absolute path', [{ name: '/tmp/evil.js', body: 'x' }], /absolute path/],
    ['symlink escaping the root', [{ name: 'l', body: '../../etc/passwd', symlink: true }], /points outside/],
  ] as [string, ZipEntry[], RegExp][])('zip: %s', async (_name, entries, message) => {
    const c = await zipCase(entries);
    await expect(c.run()).rejects.toThrow(message);
  });
  it('zip bomb: size', async () => {
    const c = await zipCase([{ name: 'zeros.txt', body: '0', repeat: 3 * 1024 * 1024 }], { ...LIMITS, maxBytes: 1024 * 1024 });
    await expect(c.run()).rejects.toThrow(/expands to more than 1 MB|compression ratio/);
  });
  it('zip bomb: ratio', async () => {
    const c = await zipCase([{ name: 'zeros.txt', body: '0', repeat: 30 * 1024 * 1024 }]);
    await expect(c.run()).rejects.toThrow(/compression ratio/);
  });
  it('corrupt zip', async () => {
    const file = path.join(dir, 'corrupt.zip');
    await writeFile(file, Buffer.from('PK\u0003\u0004 definitely not a zip'));
    await expect(extractArchive(file, path.join(dir, 'corrupt-zip-out'), LIMITS)).rejects.toMatchObject({ code: 'archive-corrupt' });
  });
});
