// The contact and beta forms in the browser against the real server: success, the honeypot (success shown,
// nothing sent) and a real failure (the server's per-address limit, set to 2 messages for this file).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { gotoApp, startE2E, uniqueEmail, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ env: { FORM_RATE_LIMIT_PER_IP: '2', FORM_RATE_LIMIT_WINDOW: '10m' } });
});
afterAll(async () => {
  await e2e?.close();
});

const CONTACT_SENT = "Message sent successfully! We'll get back to you within 24 hours.";
const BETA_SENT = 'Application received! Your free tokens will arrive within 24 hours.';

/** Counts the page's POSTs to an API path. */
function countPosts(page: Page, path: string): { count: number } {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === `/api/v1${path}`) seen.count += 1;
  });
  return seen;
}

// The forms keep what is typed before hydration (uncontrolled fields); the last test types into the bare
// prerendered HTML on purpose, the others wait for the app first.
async function fillContact(page: Page, label: string, { hydrated = true } = {}) {
  if (hydrated) await gotoApp(page, '/contact');
  else await page.goto('/contact');
  await page.getByLabel('Name').fill('Ada Founder');
  await page.getByLabel('Email').fill(uniqueEmail(label));
  await page.getByLabel('Company (optional)').fill('Acme');
  await page.getByLabel('Industry (optional)').selectOption('fintech');
  await page.getByLabel('Message').fill('We raise a seed round in March. Can you scan our monorepo?');
}

async function fillBeta(page: Page, label: string) {
  await gotoApp(page, '/beta-testers');
  await page.getByLabel('Name').fill('Grace Builder');
  await page.getByLabel('Email').fill(uniqueEmail(label));
  await page.getByLabel('Programming language').selectOption('python');
  await page.getByLabel('Message').fill('Django monolith, 80k lines.');
}

describe('contact and beta forms', () => {
  it('a filled honeypot shows success and sends nothing (contact and beta)', async () => {
    const { page } = await e2e.newPage();
    const contactPosts = countPosts(page, '/contact');
    const betaPosts = countPosts(page, '/beta-testers');
    await fillContact(page, 'robot');
    await page.locator('input[name="website"]').fill('http://spam.example', { force: true });
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText(CONTACT_SENT).waitFor();
    await fillBeta(page, 'robot');
    await page.locator('input[name="website"]').fill('http://spam.example', { force: true });
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText(BETA_SENT).waitFor();
    expect([contactPosts.count, betaPosts.count]).toEqual([0, 0]);
  });

  it('checks the required fields before sending', async () => {
    const { page } = await e2e.newPage();
    const posts = countPosts(page, '/contact');
    await gotoApp(page, '/contact');
    await page.getByRole('button', { name: 'Send message' }).click();
    expect(await page.getByRole('alert').textContent()).toBe('Name is required');
    expect(posts.count).toBe(0);
  });

  it('sends a contact message and a beta application', async () => {
    const { page } = await e2e.newPage();
    await fillContact(page, 'contact');
    const button = page.getByRole('button', { name: 'Send message' });
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/contact'));
    await button.click();
    expect((await answered).status()).toBe(200);
    await page.getByText(CONTACT_SENT).waitFor();

    await fillBeta(page, 'beta');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText(BETA_SENT).waitFor();
  });

  it('shows the failure messages with the support address when the server refuses (limit reached)', async () => {
    const { page } = await e2e.newPage();
    await fillContact(page, 'limited', { hydrated: false });
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByRole('button', { name: 'Send message' }).click();
    const contactAlert = page.getByRole('alert');
    await contactAlert.waitFor();
    expect(await contactAlert.textContent()).toBe('Failed to send message. Please try again or email us directly support@duescan.dev');
    expect(await contactAlert.getByRole('link').getAttribute('href')).toBe('mailto:support@duescan.dev');

    await fillBeta(page, 'limited');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toBe('Failed to submit application. Please try again or email us directly support@duescan.dev');
  });
});
