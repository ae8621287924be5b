// Lighthouse (mobile: its default Moto G Power profile, simulated slow 4G and 4x CPU slowdown) on the production
// web build served by the real server (compression, caching and prerendered pages as deployed), for /, /pricing,
// /login and /docs/get-started. Prints performance, accessibility, best practices and SEO per page, and the
// JavaScript the landing page loads, gzipped. Targets: performance >= 95, the other three 100, landing JS <= 100 kB.
// Anchor: the same Lighthouse run on a plain static HTML page (no script, no stylesheet) from a bare node:http
// server: the best performance score this machine gives at this moment (shared machines are noisy).
// Needs apps/web/dist (npm run build -w @duescan/web) and Debian chromium (CHROME_PATH, default /usr/bin/chromium).
// Usage: npx tsx bench/lighthouse/run.ts [--runs 1]
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from '@duescan/server';

const WEB_DIST = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PAGES = ['/', '/pricing', '/login', '/docs/get-started'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const LANDING_JS_BUDGET_KB = 100;
const args = process.argv.slice(2);
const RUNS = Math.max(1, Number(args[args.indexOf('--runs') + 1]) || 1);

type Scores = Record<(typeof CATEGORIES)[number], number>;
interface PageResult {
  page: string;
  scores: Scores;
  lcpMs: number;
  tbtMs: number;
  failed: string[];
  scripts: string[];
}

const ANCHOR_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Anchor page</title><meta name="description" content="A static page without script or stylesheet."></head>
<body><h1>Anchor</h1><p>A static page without script or stylesheet, served by node:http.</p></body></html>`;

async function startAnchor(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    if (request.url === '/robots.txt') response.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
    else response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ANCHOR_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** One Lighthouse run; a run whose trace recording failed (NO_NAVSTART and the like, on a busy machine) is repeated once. */
async function audit(url: string, port: number, attempt = 1): Promise<Omit<PageResult, 'page'>> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    if (attempt < 2) {
      console.error(`retrying ${url}: ${lhr.runtimeError.code}`);
      return audit(url, port, attempt + 1);
    }
    throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  }
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Scores;
  // Every audit that counts towards a category and did not pass: what to fix when a score is below 100.
  const failed = CATEGORIES.filter((c) => c !== 'performance').flatMap((c) =>
    (lhr.categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${c}:${ref.id}`),
  );
  const requests = (lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] } | undefined)?.items ?? [];
  return {
    scores,
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN),
    tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? NaN),
    failed,
    scripts: requests.filter((r) => r.resourceType === 'Script').map((r) => r.url),
  };
}

/** Median per category over the runs (one run: that run). */
function median(results: Omit<PageResult, 'page'>[]): Omit<PageResult, 'page'> {
  const mid = <T>(values: T[], key: (v: T) => number) => [...values].sort((a, b) => key(a) - key(b))[Math.floor(values.length / 2)]!;
  const byPerf = mid(results, (r) => r.scores.performance);
  return { ...byPerf, scores: Object.fromEntries(CATEGORIES.map((c) => [c, mid(results, (r) => r.scores[c]).scores[c]])) as Scores };
}

/** The landing page's scripts as files in dist, gzipped (level 9, like a static pre-compression step would). */
async function gzippedKb(scriptUrls: string[]): Promise<{ kb: number; files: string[] }> {
  const files = [...new Set(scriptUrls.map((u) => new URL(u).pathname))];
  let bytes = 0;
  for (const file of files) bytes += gzipSync(await readFile(path.join(WEB_DIST, file)), { level: 9 }).length;
  return { kb: bytes / 1024, files };
}

async function main(): Promise<void> {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error(`No web build in ${WEB_DIST}: run "npm run build -w @duescan/web" first`);
  if (!existsSync(CHROME_PATH)) throw new Error(`${CHROME_PATH} is missing: apt-get install -y chromium (or set CHROME_PATH)`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'duescan-lighthouse-'));
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    webDist: WEB_DIST,
    env: { LOG_LEVEL: 'warn', NODE_ENV: 'production', JWT_SECRET: `lighthouse-bench-${process.pid}-${Date.now()}-secret-value` },
  });
  const anchor = await startAnchor();
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  const rows: PageResult[] = [];
  try {
    for (const [page, url] of [['anchor (static HTML)', anchor.url] as const, ...PAGES.map((p) => [p, `${server.url}${p}`] as const)]) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(url, chrome.port));
      rows.push({ page, ...median(runs) });
      console.error(`measured ${page}`);
    }
  } finally {
    chrome.kill();
    await anchor.close();
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }

  const landing = rows.find((r) => r.page === '/')!;
  const js = await gzippedKb(landing.scripts);
  console.log(`\nLighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}mobile, production build on the real server, ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}\n`);
  console.log(`| Page | Performance | Accessibility | Best practices | SEO | LCP ms | TBT ms |`);
  console.log(`|---|---|---|---|---|---|---|`);
  for (const r of rows) {
    console.log(`| ${r.page} | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${r.scores.seo} | ${r.lcpMs} | ${r.tbtMs} |`);
  }
  console.log(`\nLanding page JavaScript: ${js.files.length} files, ${js.kb.toFixed(1)} kB gzipped (budget ${LANDING_JS_BUDGET_KB} kB): ${js.files.join(', ')}`);
  const misses = rows
    .filter((r) => !r.page.startsWith('anchor'))
    .flatMap((r) => CATEGORIES.filter((c) => r.scores[c] < TARGETS[c]).map((c) => `${r.page} ${c} ${r.scores[c]} < ${TARGETS[c]}`));
  if (js.kb > LANDING_JS_BUDGET_KB) misses.push(`landing JS ${js.kb.toFixed(1)} kB > ${LANDING_JS_BUDGET_KB} kB`);
  const failedAudits = rows.filter((r) => !r.page.startsWith('anchor') && r.failed.length > 0).map((r) => `${r.page}: ${r.failed.join(', ')}`);
  if (failedAudits.length) console.log(`\nAudits not passed:\n${failedAudits.join('\n')}`);
  console.log(misses.length ? `\nBelow target: ${misses.join('; ')}` : '\nAll targets met.');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
