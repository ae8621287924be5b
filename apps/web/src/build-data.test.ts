// The docs page's checksums come from the same release folder the server serves under /downloads/.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readCliDownloads } from '../build/build-data';

let root: string;
afterEach(async () => rm(root, { recursive: true, force: true }));

describe('readCliDownloads', () => {
  it('reads the CLI release folder the server serves, before a copy in public/', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'duescan-build-data-'));
    const publicDir = path.join(root, 'apps', 'web', 'public');
    await mkdir(path.join(publicDir, 'downloads'), { recursive: true });
    await writeFile(path.join(publicDir, 'downloads', 'SHA256SUMS'), `${'b'.repeat(64)}  old.tgz\n`);
    expect(readCliDownloads(publicDir)).toEqual([{ sha256: 'b'.repeat(64), filename: 'old.tgz' }]);
    const release = path.join(root, 'packages', 'cli', 'dist', 'downloads');
    await mkdir(release, { recursive: true });
    await writeFile(path.join(release, 'SHA256SUMS'), `${'a'.repeat(64)}  duescan-1.0.0.tgz\n`);
    expect(readCliDownloads(publicDir)).toEqual([{ sha256: 'a'.repeat(64), filename: 'duescan-1.0.0.tgz' }]);
  });
});
