// The public site in the browser: the prerendered landing page and its sample-report gallery, the 404 screen,
// and every page at 390 px without sideways scrolling (signed out and signed in).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { register, startE2E, uniqueEmail, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const PUBLIC_PAGES = ['/', '/login', '/register', '/pricing', '/contact', '/beta-testers', '/docs/get-started', '/terms', '/privacy'];
const SIGNED_IN_PAGES = ['/dashboard', '/scans', '/reports', '/account', '/pricing'];

async function scrollWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

describe('landing page', () => {
  it('arrives prerendered with its meta tags and structured data, and loads no app bundle', async () => {
    const response = await fetch(`${e2e.baseUrl}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Sample Reports Gallery');
    expect(html).toContain('15 min walkthrough of a sample report available on request');
    expect(html).toMatch(/<meta property="og:title" content="[^"]+"/);
    expect(html).toMatch(/<meta name="twitter:card"/);
    const ldJson = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as { '@type': string; itemListElement?: unknown[] });
    expect(ldJson.map((d) => d['@type'])).toEqual(['Organization', 'ItemList']);
    expect(ldJson[1]!.itemListElement).toHaveLength(4);

    const { page } = await e2e.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
    await page.goto('/');
    await page.getByRole('heading', { name: 'Sample Reports Gallery' }).waitFor();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((s) => /\/assets\/landing(-behaviour)?-[\w-]+\.js$/.test(s))).toBe(true);
  });

  it('previews a sample report in a dialog, closes it with x, and downloads the PDF', async () => {
    const { page } = await e2e.newPage();
    const refused: string[] = [];
    page.on('console', (message) => /refused|blocked/i.test(message.text()) && refused.push(message.text()));
    await page.goto('/');
    const card = page.getByTestId('sample-sample-pro');
    expect(await card.getByRole('img').getAttribute('src')).toBe('/reports/sample-pro.png');

    const pdfResponse = page.waitForResponse((response) => response.url().endsWith('/reports/sample-pro.pdf'));
    await card.getByRole('button', { name: 'Preview Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'React/Node.js App sample report' });
    await dialog.waitFor();
    expect(await dialog.locator('iframe').getAttribute('src')).toBe('/reports/sample-pro.pdf#view=FitH');
    const pdf = await pdfResponse;
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(await dialog.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe('/reports/sample-pro.pdf');

    await dialog.getByRole('button', { name: 'Close preview' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(refused).toEqual([]);

    const download = page.waitForEvent('download');
    await card.getByRole('link', { name: 'Download PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('sample-pro.pdf');
    expect(await file.failure()).toBeNull();
  });

  it('the hero buttons lead to the gallery, the Why section and the pricing page', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'View Sample Reports' }).click();
    await page.waitForURL('**/#sample-reports');
    await page.getByRole('link', { name: 'Scroll to why DueScan' }).click();
    await page.waitForURL('**/#why');
    await page.getByRole('link', { name: 'See Pricing' }).click();
    await page.waitForURL('**/pricing');
    await page.getByText('50% off all plans! Prices double after beta.').waitFor();
  });
});

describe('unknown URLs', () => {
  it('answer 404 with the error screen', async () => {
    const { page } = await e2e.newPage();
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
  });
});

describe('390 px wide', () => {
  it('no public page scrolls sideways', async () => {
    const { page } = await e2e.newPage({ width: 390 });
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      expect({ path, width: await scrollWidth(page) }).toEqual({ path, width: 390 });
    }
    // The top navigation folds into a menu.
    await page.goto('/');
    await page.getByLabel('Menu').click();
    await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Docs' }).click();
    await page.waitForURL('**/docs/get-started');
  });

  it('no signed-in page scrolls sideways, and the sidebar is a menu', async () => {
    const { page } = await e2e.newPage({ width: 390 });
    await register(page, uniqueEmail('narrow'), 'narrow-password-1');
    await page.waitForURL('**/dashboard');
    await page.getByText('No scans yet').waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.isVisible()).toBe(false);
    for (const path of SIGNED_IN_PAGES) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await nav.getByRole('link', { name: path === '/pricing' ? 'Pricing' : path.slice(1, 2).toUpperCase() + path.slice(2) }).click();
      await page.waitForURL(`**${path}`);
      await page.locator('h1').first().waitFor();
      expect(await nav.isVisible()).toBe(false);
      expect({ path, width: await scrollWidth(page) }).toEqual({ path, width: 390 });
    }
  });
});
