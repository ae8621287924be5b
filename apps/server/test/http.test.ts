// HTTP behaviour that does not depend on the engine: SPA serving, unknown API paths, log redaction.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger';
import { setupTestApp, uniqueEmail, type TestContext } from './helpers';

let ctx: TestContext;
let webDist: string;
beforeAll(async () => {
  ctx = await setupTestApp('pglite');
  webDist = await mkdtemp(path.join(os.tmpdir(), 'duescan-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><div id="root">spa</div>');
  await writeFile(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  await writeFile(path.join(webDist, 'robots.txt'), 'User-agent: *');
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await rm(webDist, { recursive: true, force: true });
});

describe('web app serving', () => {
  it('serves the shell for / and app routes, 404 with the shell for unknown pages, files as files, 404 JSON under /api', async () => {
    const app = await ctx.buildAnother({ WEB_DIST: webDist });
    for (const url of ['/', '/dashboard', '/scans?x=1', '/no/such/page']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(url === '/no/such/page' ? 404 : 200);
      expect(res.body).toContain('<div id="root">spa</div>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const asset = await app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await app.inject({ url: '/robots.txt' })).body).toContain('Sitemap: http://localhost:8080/sitemap.xml');

    const api = await app.inject({ url: '/api/v1/no-such-call' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ detail: 'Not found' });
    expect((await app.inject({ method: 'POST', url: '/dashboard' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/v1/health' })).json().status).toBe('ok');
  });

  it('sends downloads with a Content-Disposition (content-disposition@3 is ESM-only: require(esm) on Node 20.19+)', async () => {
    const app = await ctx.buildAnother({ WEB_DIST: webDist });
    app.get('/api/v1/test-download', async (_request, reply) => reply.download('robots.txt', 'rapport été.txt'));
    const res = await app.inject({ url: '/api/v1/test-download' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="rapport ?t?.txt"; filename*=UTF-8''rapport%20%C3%A9t%C3%A9.txt`);
    expect(res.body).toBe('User-agent: *');
  });

  it('keeps the API working and explains itself at / when the web app is not built', async () => {
    const res = await ctx.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('The web app is not built yet');
    expect((await ctx.app.inject({ url: '/dashboard' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/v1/health' })).statusCode).toBe(200);
  });

  it('sends security headers with a CSP that allows the app and Stripe', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain('https://js.stripe.com');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('error answers', () => {
  it('hide internals of unexpected errors behind a plain 500 { detail }', async () => {
    const app = await ctx.buildAnother();
    app.get('/api/v1/test-boom', async () => {
      throw new Error('connection string postgres://admin:hunter2@db leaked');
    });
    const res = await app.inject({ url: '/api/v1/test-boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'Internal server error' });
  });
});

describe('request logs', () => {
  it('never contain passwords, access tokens or API tokens', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger({ logLevel: 'trace' }, sink);
    const app = await ctx.buildAnother({}, logger);
    const email = uniqueEmail();
    const password = 'Sup3r-Secret-Passw0rd';
    const reg = await app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { email, password } });
    const { access_token, api_token } = reg.json();
    await app.inject({ url: `/api/v1/account/me?token=${api_token}`, headers: { authorization: `Bearer ${access_token}` } });
    await app.inject({ url: '/api/v1/account/me', headers: { authorization: `Bearer ${api_token}` } });
    await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: 'wrong-password-1' } });
    logger.info({ password, token: api_token, nested: { access_token } }, 'explicit secrets are redacted too');

    const log = lines.join('');
    expect(log).toContain('/api/v1/account/me');
    expect(log).toContain('[redacted]');
    for (const secret of [password, 'wrong-password-1', access_token, api_token]) expect(log).not.toContain(secret);
  });
});
