import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, startE2E, uniqueEmail, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

describe('the signed-in area in the browser', () => {
  it('shows the sidebar, empty scans and reports, the current plan on pricing and the profile', async () => {
    const { page } = await e2e.newPage();
    const email = uniqueEmail('shell');
    await register(page, email, 'shell-password-1');
    await page.waitForURL('**/dashboard');

    expect(await page.getByTestId('sidebar-email').textContent()).toBe(email);
    expect(await page.getByTestId('plan-badge').first().textContent()).toBe('Free');
    expect(await page.getByTestId('sidebar-credits').textContent()).toMatch(/^\d+ credits$/);

    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Scans' }).click();
    await page.getByRole('heading', { name: 'Scans' }).waitFor();
    await page.getByText('No scans yet').waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);

    await nav.getByRole('link', { name: 'Reports' }).click();
    await page.getByText('No reports yet').waitFor();

    await nav.getByRole('link', { name: 'Pricing' }).click();
    await page.getByText('50% off all plans! Prices double after beta.').waitFor();
    expect(await page.getByRole('button', { name: 'Current Plan' }).isDisabled()).toBe(true);
    await nav.waitFor();

    await nav.getByRole('link', { name: 'Account' }).click();
    await page.getByText('Not specified').waitFor();
    await page.getByText(/You are on the free plan/).waitFor();
  });

  it('a 401 in the middle of a session clears it and lands on /login', async () => {
    const { page } = await e2e.newPage();
    await register(page, uniqueEmail('expired'), 'expired-password-1');
    await page.waitForURL('**/dashboard');
    await page.getByText('No scans yet').waitFor(); // the dashboard has loaded with the good token
    await page.evaluate(() => localStorage.setItem('duescan.access_token', 'not-a-valid-token'));

    // Leave and come back: the dashboard loads /account/usage again, now with the bad token.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Account' }).click();
    await page.getByRole('heading', { name: 'Account' }).waitFor();
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('duescan.access_token'))).toBeNull();
  });
});
