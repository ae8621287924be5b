// Post-build step of `npm run build -w @duescan/web`: renders every public route with react-dom/server into
// dist/<route>/index.html (the browser hydrates it), the error screen into dist/404.html, and keeps the plain
// single-page shell as dist/app.html for the signed-in screens. The server sends these files as they are.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LANDING_ISLAND, LANDING_WITH_AI_VALIDATION } from '../build/paths';

const WEB_DIR = fileURLToPath(new URL('..', import.meta.url));
const DIST = path.join(WEB_DIR, 'dist');
const RENDERER = path.join(WEB_DIR, 'dist-prerender', 'entry-server.js');
/**
 * The deployment's public origin (the server's PUBLIC_URL) for canonical links and the social cards' absolute
 * URLs. Unset: those tags are left out, since a self-hosted build cannot know where it will be served.
 */
const SITE_URL = process.env.PUBLIC_URL ? process.env.PUBLIC_URL.replace(/\/+$/, '') : null;

interface Renderer {
  PUBLIC_PATHS: readonly string[];
  renderPage(path: string, features?: { aiValidation: boolean }): Promise<{ status: number; html: string }>;
  pageHead(path: string, siteUrl: string | null): string;
}

const HEAD_PLACEHOLDER = /<title>[^<]*<\/title>\s*<meta\s+name="description"[^>]*\/>/;
const ROOT_PLACEHOLDER = '<div id="root"></div>';

export function fillTemplate(template: string, head: string, body: string): string {
  if (!HEAD_PLACEHOLDER.test(template) || !template.includes(ROOT_PLACEHOLDER)) {
    throw new Error('dist/index.html lacks the <title> + description pair or the empty #root the prerender fills');
  }
  return template.replace(HEAD_PLACEHOLDER, () => head).replace(ROOT_PLACEHOLDER, () => `<div id="root">${body}</div>`);
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * The landing page is static apart from its preview dialogs: it gets the small island script instead of the React
 * app (and its preloads). Its stylesheet stays.
 */
export function landingTemplate(template: string, manifest: Record<string, ManifestChunk>, islandSource: string): string {
  const island = manifest[islandSource];
  if (!island?.isEntry) throw new Error(`the build manifest has no entry for ${islandSource}`);
  const preloads = (island.imports ?? []).map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`);
  const withoutApp = template.replace(/\s*<script type="module"[^>]*src="\/assets\/[^"]+"><\/script>/g, '').replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  if (withoutApp.includes('type="module"')) throw new Error('dist/index.html has a module script the landing template does not recognise');
  return withoutApp.replace('</head>', () => `  <script type="module" crossorigin src="/${island.file}"></script>\n${preloads.map((p) => `    ${p}\n`).join('')}  </head>`);
}

function outputFile(route: string): string {
  return route === '/' ? path.join(DIST, 'index.html') : path.join(DIST, ...route.split('/').filter(Boolean), 'index.html');
}

async function main(): Promise<void> {
  const renderer = (await import(pathToFileURL(RENDERER).href)) as Renderer;
  const template = await readFile(path.join(DIST, 'index.html'), 'utf8');
  const manifest = JSON.parse(await readFile(path.join(DIST, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  // The signed-in screens (and anything the server cannot prerender) start from the empty shell.
  await writeFile(path.join(DIST, 'app.html'), template);
  for (const route of renderer.PUBLIC_PATHS) {
    const started = performance.now();
    const { status, html } = await renderer.renderPage(route);
    if (status !== 200) throw new Error(`${route} rendered with status ${status}`);
    const file = outputFile(route);
    await mkdir(path.dirname(file), { recursive: true });
    const page = route === '/' ? landingTemplate(template, manifest, LANDING_ISLAND) : template;
    await writeFile(file, fillTemplate(page, renderer.pageHead(route as never, SITE_URL), html));
    console.error(`prerendered ${route.padEnd(18)} ${(html.length / 1024).toFixed(1).padStart(5)} kB HTML  ${Math.round(performance.now() - started)} ms`);
    if (route === '/') {
      // The variant a server with AI_MODELS configured sends instead (apps/server static-web.ts).
      const withAi = await renderer.renderPage(route, { aiValidation: true });
      await writeFile(path.join(DIST, LANDING_WITH_AI_VALIDATION), fillTemplate(page, renderer.pageHead(route as never, SITE_URL), withAi.html));
    }
  }
  const notFound = await renderer.renderPage('/this-page-does-not-exist');
  if (notFound.status !== 404) throw new Error(`the unknown-route render answered ${notFound.status}, not 404`);
  const notFoundHead = '<title>Page not found · DueScan</title>\n    <meta name="robots" content="noindex" />\n    <meta name="description" content="This page does not exist." />';
  await writeFile(path.join(DIST, '404.html'), fillTemplate(template, notFoundHead, notFound.html));
  await rm(path.join(WEB_DIR, 'dist-prerender'), { recursive: true, force: true });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exitCode = 1;
  });
}
