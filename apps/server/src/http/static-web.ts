// Serves the built web app from WEB_DIST on the same port as the API:
// - public routes: the prerendered page the web build wrote (dist/<route>/index.html; '/' is dist/index.html);
// - protected routes: the plain app shell (dist/app.html, else dist/index.html); the client checks the session;
// - every other page URL: status 404 with the error screen (dist/404.html, else the shell), so crawlers and
//   monitors see a real 404 while people see the app's error page;
// - files as files: /assets/* (content-hashed by Vite) cached for a year as immutable, the rest revalidated.
// robots.txt and sitemap.xml are generated here from PUBLIC_URL (public-site-files.ts).
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LANDING_WITH_AI_VALIDATION_FILE, PROTECTED_ROUTES, PUBLIC_ROUTES } from '@duescan/contracts';
import { registerPublicSiteFiles } from './public-site-files';

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>DueScan</title></head>
<body><h1>DueScan API is running</h1><p>The web app is not built yet. Run <code>npm run build</code> (or
<code>npm start</code>, which builds everything) and reload. The API answers under <code>/api/v1</code>.</p></body></html>`;

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * The file a page route is answered with, relative to the dist folder. With models configured (AI_MODELS) the
 * landing page is the variant that says so; without, the one that keeps AI validation on the roadmap.
 */
export function pageFile(webDist: string, route: string, aiValidation = false): string {
  if (route === '/' && aiValidation && existsSync(path.join(webDist, LANDING_WITH_AI_VALIDATION_FILE))) return LANDING_WITH_AI_VALIDATION_FILE;
  const prerendered = route === '/' ? 'index.html' : path.join(route.slice(1), 'index.html');
  if ((PUBLIC_ROUTES as readonly string[]).includes(route) && existsSync(path.join(webDist, prerendered))) return prerendered;
  return existsSync(path.join(webDist, 'app.html')) ? 'app.html' : 'index.html';
}

export async function registerWebApp(app: FastifyInstance, webDist: string, publicUrl: string, aiValidation = false): Promise<void> {
  const hasApp = existsSync(path.join(webDist, 'index.html'));
  registerPublicSiteFiles(app, publicUrl);
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      // Vite fingerprints everything under /assets: cache forever. Everything else is revalidated.
      cacheControl: false,
      setHeaders(reply, filePath) {
        const immutable = filePath.startsWith(path.join(webDist, 'assets') + path.sep);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The public sample reports may be framed by our own landing page (its preview dialog); nothing else may
        // frame them, and signed report downloads keep frame-ancestors 'none'.
        if (filePath.startsWith(path.join(webDist, 'reports') + path.sep)) {
          reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'self'");
          reply.header('x-frame-options', 'SAMEORIGIN');
        }
      },
    });
    for (const route of [...PUBLIC_ROUTES, ...PROTECTED_ROUTES]) {
      const file = pageFile(webDist, route, aiValidation);
      const paths = route === '/' ? ['/'] : [route, `${route}/`];
      for (const url of paths) app.get(url, (_request, reply) => reply.sendFile(file));
    }
  } else {
    app.get('/', async (_request, reply) => reply.type('text/html; charset=utf-8').send(NOT_BUILT_PAGE));
  }
  const notFoundPage = existsSync(path.join(webDist, '404.html')) ? '404.html' : 'index.html';

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const isPageRequest = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url) && !request.url.startsWith('/assets/');
    if (hasApp && isPageRequest) {
      return reply.status(404).sendFile(notFoundPage);
    }
    return reply.status(404).send({ detail: 'Not found' });
  });
}
