// Buying a plan in the browser with the built-in test provider (no Stripe key configured): its card form
// tokenizes through the server, POST /subscriptions/create answers the status, the account follows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { gotoApp, register, startE2E, uniqueEmail, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

async function signedInOnPricing(label: string): Promise<{ page: Page; email: string }> {
  const { page } = await e2e.newPage();
  const email = uniqueEmail(label);
  await register(page, email, `${label}-password-1`);
  await page.waitForURL('**/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
  await page.getByText('50% off all plans! Prices double after beta.').waitFor();
  return { page, email };
}

async function payWith(page: Page, number: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry (MM/YY)').fill('12/39');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: /^Pay \$/ }).click();
}

describe('purchase with the test provider', () => {
  it('signed out: Buy asks to log in', async () => {
    const { page } = await e2e.newPage();
    await gotoApp(page, '/pricing');
    await page.getByRole('button', { name: 'Buy Pro' }).click();
    await page.getByText('Please login to subscribe').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('succeeds with 4242...: toast, modal closed, plan and credits on the account, Current Plan disabled', async () => {
    const { page } = await signedInOnPricing('buyer');
    expect(await page.getByTestId('sidebar-credits').textContent()).toBe('3 credits');
    await page.getByRole('button', { name: 'Buy Pro' }).click();
    expect(await page.getByTestId('purchase-price').textContent()).toContain('$199');
    await payWith(page, '4242 4242 4242 4242');
    await page.getByText('Payment successful! Plan activated!').waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.querySelector('[data-testid="plan-badge"]')?.textContent === 'Pro');
    expect(await page.getByTestId('sidebar-credits').textContent()).toBe('8 credits');
    expect(await page.getByRole('button', { name: 'Current Plan' }).isDisabled()).toBe(true);
    await page.getByText('You are on the Pro plan.').waitFor();
  });

  it('buys a volume of scans: 12 Pro scans at 20 % off are priced, charged and credited; more than 50 asks for sales', async () => {
    const { page } = await signedInOnPricing('volume');
    await page.getByRole('button', { name: 'Buy Pro' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/Number of scans/).fill('60');
    await dialog.getByRole('link', { name: 'Contact sales' }).waitFor();
    expect(await dialog.getByRole('button', { name: /^Pay \$/ }).count()).toBe(0);
    await dialog.getByLabel(/Number of scans/).fill('12');
    // 12 scans x $39.80 (the $199 pack of 5) less 20 %
    expect(await page.getByTestId('purchase-price').textContent()).toContain('$382.08');
    await payWith(page, '4242 4242 4242 4242');
    await page.getByText('Payment successful! Plan activated!').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="sidebar-credits"]')?.textContent === '15 credits');
  });

  it('shows the decline and keeps the plan with 4000 0000 0000 0002', async () => {
    const { page } = await signedInOnPricing('declined');
    await page.getByRole('button', { name: 'Buy Enterprise' }).click();
    await payWith(page, '4000000000000002');
    await page.getByText('Your card was declined.').waitFor();
    expect(await page.getByRole('dialog').isVisible()).toBe(true);
    expect(await page.getByTestId('plan-badge').first().textContent()).toBe('Free');
  });

  it("shows 'Payment status: requires_action' with 4000 0025 0000 3155 and grants nothing", async () => {
    const { page } = await signedInOnPricing('action');
    await page.getByRole('button', { name: 'Buy Ultra' }).click();
    await payWith(page, '4000002500003155');
    await page.getByRole('dialog').getByText('Payment status: requires_action').waitFor();
    expect(await page.getByTestId('plan-badge').first().textContent()).toBe('Free');
  });

  it('applies BETA50: the promo form disappears, the discounted price shows and is what is charged', async () => {
    const { page, email } = await signedInOnPricing('promo');
    await page.getByRole('button', { name: 'Buy Pro' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Promo e-mail').fill('');
    await dialog.getByRole('button', { name: 'Apply code' }).click();
    await page.getByText('Please enter both promo code and email').waitFor();

    await dialog.getByLabel('Promo code', { exact: true }).fill('beta50');
    await dialog.getByLabel('Promo e-mail').fill(email.toUpperCase());
    await dialog.getByRole('button', { name: 'Apply code' }).click();
    await page.getByText('Beta discount applied! You save 50%!').waitFor();
    expect(await dialog.getByRole('form', { name: 'Apply a promo code' }).count()).toBe(0);
    expect(await page.getByTestId('purchase-price').textContent()).toBe('$99.50$199You save $99.50');
    expect(await page.getByTestId('promo-applied').textContent()).toBe(`Promo BETA50 applied for ${email}.`);

    await payWith(page, '4242424242424242');
    await page.getByText('Payment successful! Plan activated!').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="plan-badge"]')?.textContent === 'Pro');
  });
});
