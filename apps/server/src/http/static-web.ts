// Serves the built web app from WEB_DIST on the same port as the API, with the single-page-app fallback:
// any GET outside /api that is not a file answers index.html and the client router takes over.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>DueScan</title></head>
<body><h1>DueScan API is running</h1><p>The web app is not built yet. Run <code>npm run build</code> (or
<code>npm start</code>, which builds everything) and reload. The API answers under <code>/api/v1</code>.</p></body></html>`;

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const hasApp = existsSync(path.join(webDist, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: ['index.html'],
      // Vite fingerprints everything under /assets: cache forever. Everything else is revalidated.
      cacheControl: false,
      setHeaders(reply, filePath) {
        const immutable = filePath.startsWith(path.join(webDist, 'assets') + path.sep);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.get('/', async (_request, reply) => reply.type('text/html; charset=utf-8').send(NOT_BUILT_PAGE));
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const isPageRequest = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url);
    if (hasApp && isPageRequest) {
      return reply.sendFile('index.html');
    }
    return reply.status(404).send({ detail: 'Not found' });
  });
}
