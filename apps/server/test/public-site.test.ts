// The public site as the server delivers it, against a web build laid out like the real one (prerendered pages,
// app shell, 404 page, hashed assets): statuses per route, compression, caching, robots.txt and sitemap.xml.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { LANDING_WITH_AI_VALIDATION_FILE, PROTECTED_ROUTES, PUBLIC_ROUTES } from '@duescan/contracts';
import { setupTestApp, type TestContext } from './helpers';

const page = (name: string) => `<!doctype html><html><head><title>${name}</title></head><body><div id="root">${name} ${'text '.repeat(400)}</div></body></html>`;
const BUNDLE = `export const app = ${JSON.stringify('x'.repeat(10)).repeat(1)};\n${'function f(a){return a+1}\n'.repeat(2000)}`;

describe('public site serving', () => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let webDist: string;

  beforeAll(async () => {
    ctx = await setupTestApp('pglite');
    webDist = await mkdtemp(path.join(os.tmpdir(), 'duescan-site-'));
    await mkdir(path.join(webDist, 'assets'));
    await mkdir(path.join(webDist, 'pricing'));
    await mkdir(path.join(webDist, 'docs', 'get-started'), { recursive: true });
    await writeFile(path.join(webDist, 'index.html'), page('landing'));
    await writeFile(path.join(webDist, LANDING_WITH_AI_VALIDATION_FILE), page('landing-with-ai'));
    await writeFile(path.join(webDist, 'pricing', 'index.html'), page('pricing'));
    await writeFile(path.join(webDist, 'docs', 'get-started', 'index.html'), page('docs'));
    await writeFile(path.join(webDist, 'app.html'), page('shell'));
    await writeFile(path.join(webDist, '404.html'), page('Unexpected Application Error!'));
    await writeFile(path.join(webDist, 'assets', 'index-3f9a2c.js'), BUNDLE);
    app = await ctx.buildAnother({ WEB_DIST: webDist, PUBLIC_URL: 'https://scan.example.com' });
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('answers prerendered public pages, the shell for protected and not-prerendered routes, 404 for the rest', async () => {
    const expectPage = async (url: string, status: number, marker: string) => {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain(`<div id="root">${marker} `);
    };
    await expectPage('/', 200, 'landing');
    await expectPage('/pricing', 200, 'pricing');
    await expectPage('/pricing/', 200, 'pricing');
    await expectPage('/docs/get-started', 200, 'docs');
    await expectPage('/login', 200, 'shell'); // public, but this build did not prerender it
    for (const route of PROTECTED_ROUTES) await expectPage(route, 200, 'shell');
    await expectPage('/no-such-page', 404, 'Unexpected Application Error!');
    await expectPage('/pricing/extra', 404, 'Unexpected Application Error!');
    expect((await app.inject({ method: 'HEAD', url: '/nope' })).statusCode).toBe(404);
    // A missing hashed asset is not an HTML page.
    const asset = await app.inject({ url: '/assets/gone-123.js' });
    expect(asset.statusCode).toBe(404);
    expect(asset.json()).toEqual({ detail: 'Not found' });
  });

  it('sends the landing page that claims AI validation only when the server has models configured', async () => {
    expect((await app.inject({ url: '/' })).body).toContain('<div id="root">landing ');
    const withModels = await ctx.buildAnother({ WEB_DIST: webDist, AI_MODELS: 'openai:gpt-x', AI_OPENAI_API_KEY: 'sk-test' });
    expect((await withModels.inject({ url: '/' })).body).toContain('<div id="root">landing-with-ai ');
    expect((await withModels.inject({ url: '/pricing' })).body).toContain('<div id="root">pricing ');
  });

  it('compresses text with brotli or gzip and caches hashed assets for a year', async () => {
    const br = await app.inject({ url: '/assets/index-3f9a2c.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BUNDLE);
    expect(br.rawPayload.length).toBeLessThan(BUNDLE.length / 10);
    const gz = await app.inject({ url: '/pricing', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('<div id="root">pricing ');
    const plain = await app.inject({ url: '/pricing', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const notFound = await app.inject({ url: '/missing', headers: { 'accept-encoding': 'br' } });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers['content-encoding']).toBe('br');
  });

  it('serves a real robots.txt and sitemap.xml with the public URL', async () => {
    const robots = await app.inject({ url: '/robots.txt' });
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toContain('User-agent: *');
    expect(robots.body).toContain('Disallow: /api/');
    expect(robots.body).toContain('Disallow: /dashboard');
    expect(robots.body).toContain('Sitemap: https://scan.example.com/sitemap.xml');
    const sitemap = await app.inject({ url: '/sitemap.xml' });
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(PUBLIC_ROUTES.map((r) => `https://scan.example.com${r}`));
  });
});
