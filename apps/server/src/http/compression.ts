// Brotli or gzip for text answers (HTML, JS, CSS, JSON, SVG, XML) above 1 KiB, chosen from Accept-Encoding.
// Brotli runs at quality 5: close to the best ratio for text at a fraction of quality 11's CPU, which matters
// because the pages and bundles are compressed per request (the web build does not write .br files).
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
}
