// Records the API routes as Fastify registers them and serves the OpenAPI document built for exactly those.
import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument, type ApiRoute } from './document';

/** The routes recorded for each app (openapi.test.ts reads them to check that each one is documented). */
export const apiRoutesOf = new WeakMap<FastifyInstance, ApiRoute[]>();

/** Call before any route is registered: every later route under `prefix` is recorded (HEAD/OPTIONS are implicit). */
export function recordApiRoutes(app: FastifyInstance, prefix: string): ApiRoute[] {
  const routes: ApiRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${prefix}/`)) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, path: route.url.slice(prefix.length) });
    }
  });
  apiRoutesOf.set(app, routes);
  return routes;
}

/** GET /openapi.json, built once on first request (all routes are registered by then). */
export function openApiRoute(routes: ApiRoute[], prefix: string) {
  let document: Record<string, unknown> | null = null;
  return async function register(api: FastifyInstance): Promise<void> {
    api.get('/openapi.json', async () => (document ??= buildOpenApiDocument(routes, prefix)));
  };
}
