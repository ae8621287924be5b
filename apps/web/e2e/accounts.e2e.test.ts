import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZUser } from '@duescan/contracts';
import { gotoApp, register, startE2E, uniqueEmail, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

describe('accounts in the browser', () => {
  it('register -> dashboard greeting -> logout -> login shows Welcome back! -> dashboard', async () => {
    const { page } = await e2e.newPage();
    const email = uniqueEmail('founder');
    await register(page, email, 'correct-horse-battery');
    await page.getByText('Account created successfully!').waitFor();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: `Welcome back, ${email}` }).waitFor();
    await page.getByText('No scans yet').waitFor();
    expect(await page.getByTestId('stat-Credits Remaining').textContent()).toMatch(/^\d+$/);

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => localStorage.length)).toBe(0);

    await page.getByRole('link', { name: 'Login' }).click();
    await page.getByLabel('Email').fill(email.toUpperCase());
    await page.getByLabel('Password').fill('correct-horse-battery');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Welcome back!', { exact: true }).waitFor();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: `Welcome back, ${email}` }).waitFor();
  });

  it("shows the server's answer for a wrong password and stays on /login", async () => {
    const { page } = await e2e.newPage();
    const email = uniqueEmail('wrongpw');
    await register(page, email, 'right-password');
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await gotoApp(page, '/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect((await alert.textContent())?.length).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it("validates the register form: 'Passwords do not match' and 'Password must be at least 8 characters'", async () => {
    const { page } = await e2e.newPage();
    await gotoApp(page, '/register');
    await page.getByLabel('Email').fill(uniqueEmail('validation'));
    await page.getByLabel('Password', { exact: true }).fill('longenough1');
    await page.getByLabel('Confirm password').fill('longenough2');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('alert').filter({ hasText: 'Passwords do not match' }).waitFor();

    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('alert').filter({ hasText: 'Password must be at least 8 characters' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/register');
  });

  it('sends a signed-out visit to /scans to /login', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/scans');
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
  });

  it("shows 'Unexpected Application Error!' for an unknown route, with a way home", async () => {
    const { page } = await e2e.newPage();
    await page.goto('/this/route/does-not-exist');
    await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1 }).waitFor();
  });

  it('copies the API key on the account page', async () => {
    const { page } = await e2e.newPage({ clipboard: true });
    const email = uniqueEmail('apikey');
    await register(page, email, 'api-key-password', 'Acme Ventures');
    await page.waitForURL('**/dashboard');
    await page.getByRole('link', { name: 'Account' }).click();
    await page.getByText('Acme Ventures').waitFor();

    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('API key copied to clipboard').waitFor();
    await page.getByRole('button', { name: 'Copied!' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());

    const token = await page.evaluate(() => localStorage.getItem('duescan.access_token'));
    const response = await fetch(`${e2e.baseUrl}/api/v1/account/me`, { headers: { Authorization: `Bearer ${token}` } });
    const me = ZUser.parse(await response.json());
    expect(me.email).toBe(email);
    expect(copied).toBe(me.api_token);
    expect(copied.length).toBeGreaterThan(16);
  });
});
