// Starts the real server (temporary PGlite database) serving the built web app, and a headless chromium.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startServer } from '@duescan/server';

export const WEB_DIST = fileURLToPath(new URL('../dist', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';

export interface E2E {
  baseUrl: string;
  browser: Browser;
  /** A fresh browser context (its own storage) with one page. */
  newPage(options?: { clipboard?: boolean; width?: number }): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

/** `env`: extra server configuration for one test file (e.g. ALLOW_FILE_URLS for scans of a local repository). */
export async function startE2E(options: { env?: Record<string, string> } = {}): Promise<E2E> {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error(`The built web app is missing (${WEB_DIST}). Run "npm run build -w @duescan/web" first; the root "npm test" does it.`);
  }
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing. Install Debian's chromium: apt-get install -y chromium`);
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'duescan-e2e-'));
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, webDist: WEB_DIST, env: { LOG_LEVEL: 'warn', ...options.env } });
  let browser: Browser;
  try {
    // playwright gives every launch a fresh temporary user-data directory.
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  } catch (error) {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const contexts: BrowserContext[] = [];
  return {
    baseUrl: server.url,
    browser,
    async newPage({ clipboard = false, width = 1280 } = {}) {
      // width 390: a phone (the narrow-screen layouts); the default is a laptop.
      const context = await browser.newContext({ baseURL: server.url, viewport: { width, height: width < 768 ? 844 : 800 }, acceptDownloads: true });
      if (clipboard) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
      contexts.push(context);
      return { context, page: await context.newPage() };
    },
    async close() {
      await Promise.allSettled(contexts.map((context) => context.close()));
      await browser.close();
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A new e-mail per test, so tests never depend on each other's accounts. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now()}-${counter}@example.com`;
}

/** Opens a page and waits until the app has hydrated it (prerendered pages show their HTML before that). */
export async function gotoApp(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForSelector('html[data-hydrated="true"]');
}

export async function register(page: Page, email: string, password: string, company = ''): Promise<void> {
  await gotoApp(page, '/register');
  await page.getByLabel('Email').fill(email);
  if (company) await page.getByLabel('Company (optional)').fill(company);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
}
