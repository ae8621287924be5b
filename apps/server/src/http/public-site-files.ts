// robots.txt and sitemap.xml, generated from PUBLIC_URL so their absolute URLs name this deployment.
import type { FastifyInstance } from 'fastify';
import { PROTECTED_ROUTES, PUBLIC_ROUTES } from '@duescan/contracts';

export function robotsTxt(publicUrl: string): string {
  const disallow = ['/api/', ...PROTECTED_ROUTES].map((p) => `Disallow: ${p}`);
  return ['User-agent: *', 'Allow: /', ...disallow, '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function sitemapXml(publicUrl: string): string {
  const urls = PUBLIC_ROUTES.map((route) => `  <url><loc>${escapeXml(`${publicUrl}${route === '/' ? '/' : route}`)}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

export function registerPublicSiteFiles(app: FastifyInstance, publicUrl: string): void {
  const robots = robotsTxt(publicUrl);
  const sitemap = sitemapXml(publicUrl);
  app.get('/robots.txt', async (_request, reply) => reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robots));
  app.get('/sitemap.xml', async (_request, reply) => reply.header('cache-control', 'public, max-age=3600').type('application/xml; charset=utf-8').send(sitemap));
}
