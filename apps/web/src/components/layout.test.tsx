import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { fakeApi, makeUsage, makeUser } from '../testing/fake-api';
import { renderApp, signedIn } from '../testing/render-app';

function signedInAs(plan: 'free' | 'ultra') {
  signedIn();
  fakeApi({
    'GET /account/me': { status: 200, body: makeUser({ plan, credits_remaining: 7 }) },
    'GET /account/usage': { status: 200, body: makeUsage({ plan, credits_remaining: 7 }) },
  });
}

describe('protected layout sidebar', () => {
  it('lists the five entries, the e-mail, the plan badge and the credits', async () => {
    signedInAs('free');
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Dashboard',
      'Scans',
      'Reports',
      'Pricing',
      'Account',
    ]);
    expect(screen.getByTestId('sidebar-email').textContent).toBe('founder@example.com');
    expect(screen.getByTestId('sidebar-credits').textContent).toBe('7 credits');
    expect(screen.getAllByTestId('plan-badge')[0]?.textContent).toBe('Free');
  });

  it('hides the credits for the ultra plan', async () => {
    signedInAs('ultra');
    renderApp('/dashboard');
    await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.queryByTestId('sidebar-credits')).toBeNull();
    expect(screen.getAllByTestId('plan-badge')[0]?.textContent).toBe('Ultra');
  });
});

describe('error screen', () => {
  it("shows 'Unexpected Application Error!' and a way home for an unknown route", async () => {
    fakeApi({});
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });
});
