// /downloads/: the served files are byte-for-byte the built ones and SHA256SUMS/manifest.json match them.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, mkdir, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DOWNLOADS_DIR } from '../paths';
import { registerDownloads } from './downloads';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function appFor(dir: string): Promise<FastifyInstance> {
  const app = Fastify();
  registerDownloads(app, dir);
  await app.ready();
  return app;
}

describe('/downloads/', () => {
  let dir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'duescan-downloads-'));
    await writeFile(path.join(dir, 'duescan-9.9.9.tgz'), Buffer.from([0x1f, 0x8b, 1, 2, 3]));
    await writeFile(path.join(dir, 'SHA256SUMS'), 'abc  duescan-9.9.9.tgz\n');
    await writeFile(path.join(dir, 'manifest.json'), '{"version":"9.9.9","files":[]}\n');
    await writeFile(path.join(dir, '.hidden'), 'secret');
    await mkdir(path.join(dir, 'sub'));
    await writeFile(path.join(os.tmpdir(), 'duescan-outside.txt'), 'outside');
    await symlink(path.join(os.tmpdir(), 'duescan-outside.txt'), path.join(dir, 'link.txt'));
    app = await appFor(dir);
  });
  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves files with their content types, the tarball as an attachment', async () => {
    const tgz = await app.inject({ method: 'GET', url: '/downloads/duescan-9.9.9.tgz' });
    expect(tgz.statusCode).toBe(200);
    expect(tgz.headers['content-type']).toBe('application/gzip');
    expect(tgz.headers['content-disposition']).toBe('attachment; filename="duescan-9.9.9.tgz"');
    expect(tgz.rawPayload).toEqual(Buffer.from([0x1f, 0x8b, 1, 2, 3]));
    const sums = await app.inject({ method: 'GET', url: '/downloads/SHA256SUMS' });
    expect(sums.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(sums.body).toBe('abc  duescan-9.9.9.tgz\n');
    const manifest = await app.inject({ method: 'GET', url: '/downloads/manifest.json' });
    expect(manifest.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(manifest.json()).toEqual({ version: '9.9.9', files: [] });
  });

  it('answers 404 for listings, unknown names, dotfiles, folders, traversal and symlinks', async () => {
    for (const url of ['/downloads', '/downloads/', '/downloads/nope.tgz', '/downloads/.hidden', '/downloads/sub',
      '/downloads/..%2Fpackage.json', '/downloads/%2e%2e', '/downloads/link.txt']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
    const post = await app.inject({ method: 'POST', url: '/downloads/SHA256SUMS' });
    expect(post.statusCode).toBe(404);
  });
});

// CI runs `npm run build` before the tests, so the real artefacts exist there; a bare checkout has none to check.
describe.skipIf(!existsSync(path.join(DEFAULT_DOWNLOADS_DIR, 'SHA256SUMS')))('/downloads/ with the built CLI release', () => {
  it('every file SHA256SUMS and manifest.json name is served with exactly that checksum', async () => {
    const app = await appFor(DEFAULT_DOWNLOADS_DIR);
    try {
      const sums = (await app.inject({ method: 'GET', url: '/downloads/SHA256SUMS' })).body;
      const lines = sums.trim().split('\n').map((l) => l.split(/\s+/));
      const manifest = (await app.inject({ method: 'GET', url: '/downloads/manifest.json' })).json() as {
        files: { name: string; sha256: string; bytes: number }[];
      };
      const onDisk = await readdir(DEFAULT_DOWNLOADS_DIR);
      for (const [, name] of lines) expect(onDisk).toContain(name);
      expect(lines.some(([, name]) => name!.endsWith('.tgz'))).toBe(true);
      for (const [hash, name] of lines) {
        const res = await app.inject({ method: 'GET', url: `/downloads/${name}` });
        expect(res.statusCode).toBe(200);
        expect(sha256(res.rawPayload)).toBe(hash);
        const entry = manifest.files.find((f) => f.name === name)!;
        expect(entry.sha256).toBe(hash);
        expect(entry.bytes).toBe(res.rawPayload.length);
      }
    } finally {
      await app.close();
    }
  });
});
