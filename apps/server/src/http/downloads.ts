// Serves the CLI release artefacts (packages/cli/dist/downloads, built by `npm run build`) under /downloads/:
// read-only, only regular files directly in that folder, no directory listing, 404 for any other name.
// SHA256SUMS and manifest.json are written by the same build, so the checksums served are those of the files served.
import { createReadStream } from 'node:fs';
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

export const DOWNLOADS_PREFIX = '/downloads/';

/** A plain file name: no separators, no leading dot, nothing a path could be built from. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export function downloadContentType(name: string): string {
  if (name === 'SHA256SUMS') return 'text/plain; charset=utf-8';
  if (name.endsWith('.json')) return 'application/json; charset=utf-8';
  if (name.endsWith('.tgz')) return 'application/gzip';
  return 'application/octet-stream';
}

export function registerDownloads(app: FastifyInstance, dir: string): void {
  const notFound = { detail: 'Not found' };
  app.get<{ Params: { name: string } }>(`${DOWNLOADS_PREFIX}:name`, async (request, reply) => {
    const { name } = request.params;
    if (!SAFE_NAME.test(name) || name.includes('..')) return reply.status(404).send(notFound);
    const file = path.join(dir, name);
    // lstat, not stat: a symlink planted in the folder is not followed out of it.
    const info = await lstat(file).catch(() => null);
    if (!info?.isFile()) return reply.status(404).send(notFound);
    const textual = name === 'SHA256SUMS' || name.endsWith('.json');
    reply
      .type(downloadContentType(name))
      .header('content-length', info.size)
      // Rebuilt artefacts keep their names: browsers and proxies must revalidate.
      .header('cache-control', 'no-cache')
      .header('x-content-type-options', 'nosniff');
    if (!textual) reply.header('content-disposition', `attachment; filename="${name}"`);
    return reply.send(createReadStream(file));
  });
  // The bare folder has no listing.
  for (const url of ['/downloads', DOWNLOADS_PREFIX]) app.get(url, async (_request, reply) => reply.status(404).send(notFound));
}
