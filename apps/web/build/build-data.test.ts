// @vitest-environment node
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseSha256Sums, readCliDownloads, readSampleCards } from './build-data';

const HASH = 'a'.repeat(64);
let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = '';
});

describe('parseSha256Sums', () => {
  it('reads sha256sum lines (text and binary mode), lower-casing the hash', () => {
    expect(parseSha256Sums(`${HASH}  duescan.mjs\n${'B'.repeat(64)} *duescan-linux-x64.tar.gz\n\n`)).toEqual([
      { sha256: HASH, filename: 'duescan.mjs' },
      { sha256: 'b'.repeat(64), filename: 'duescan-linux-x64.tar.gz' },
    ]);
  });

  it('refuses a line that is not a checksum (a broken manifest must fail the build, not show a wrong hash)', () => {
    expect(() => parseSha256Sums('abc  duescan.mjs')).toThrow(/unreadable line/);
    expect(() => parseSha256Sums(`${HASH}  ../etc/passwd`)).toThrow(/unreadable line/);
  });
});

describe('build data files', () => {
  it('are empty lists when the files were not built', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'web-build-data-'));
    expect(readSampleCards(dir)).toEqual([]);
    expect(readCliDownloads(dir)).toEqual([]);
  });

  it('validate samples.json', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'web-build-data-'));
    await mkdir(path.join(dir, 'reports'));
    const card = {
      id: 'sample-pro',
      title: 'React/Node.js App',
      package: 'pro',
      description: 'React front end',
      features: ['Static analysis with 4 rules'],
      filename: 'sample-pro.pdf',
      thumbnail: '/reports/sample-pro.pdf',
      thumbnailImage: null,
      score: 19.6,
      grade: 'F',
      findings: 21,
    };
    await writeFile(path.join(dir, 'reports', 'samples.json'), JSON.stringify([card]));
    expect(readSampleCards(dir)).toEqual([card]);
    await writeFile(path.join(dir, 'reports', 'samples.json'), JSON.stringify([{ ...card, package: 'platinum' }]));
    expect(() => readSampleCards(dir)).toThrow();
  });
});
