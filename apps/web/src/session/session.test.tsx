import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi, makeUsage, makeUser } from '../testing/fake-api';
import { renderApp, signedIn } from '../testing/render-app';
import { readSession } from './storage';

describe('session', () => {
  it.each(['/dashboard', '/scans', '/reports', '/account'])('sends a signed-out visit to %s to /login', async (path) => {
    const api = fakeApi({});
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.calls).toHaveLength(0);
  });

  it('shows a spinner while the stored token is verified with /account/me, then the page', async () => {
    signedIn('jwt-ok');
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    const api = fakeApi({
      'GET /account/me': () => new Promise((resolve) => (answer = resolve)),
      'GET /account/usage': { status: 200, body: makeUsage() },
    });
    renderApp('/dashboard');
    expect(screen.getByRole('status', { name: 'Checking your session' })).toBeTruthy();
    // The account call's module loads on first use: answer once the call is out.
    await waitFor(() => expect(api.calls.map((call) => call.path)).toEqual(['/account/me']));
    answer({ status: 200, body: makeUser() });
    expect(await screen.findByText('Welcome back, founder@example.com')).toBeTruthy();
  });

  it('clears a token the server rejects and lands on /login', async () => {
    signedIn('jwt-stale');
    fakeApi({ 'GET /account/me': { status: 401, body: { detail: 'Not authenticated' } } });
    const { router } = renderApp('/account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(readSession()).toBeNull();
  });

  it('clears the session and goes to /login when a later call answers 401', async () => {
    signedIn('jwt-ok');
    fakeApi({
      'GET /account/me': { status: 200, body: makeUser() },
      'GET /account/usage': { status: 401, body: { detail: 'Not authenticated' } },
    });
    const { router } = renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(readSession()).toBeNull();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('Logout clears the session and goes to /', async () => {
    signedIn('jwt-ok');
    fakeApi({
      'GET /account/me': { status: 200, body: makeUser() },
      'GET /account/usage': { status: 200, body: makeUsage() },
    });
    const { router } = renderApp('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(readSession()).toBeNull();
    // The public navigation (its links are also in the narrow-screen menu, hence two).
    expect((await screen.findAllByRole('link', { name: 'Get Started' })).length).toBeGreaterThan(0);
  });

  it('keeps visitors with a rejected token on public pages', async () => {
    signedIn('jwt-stale');
    fakeApi({ 'GET /account/me': { status: 401, body: { detail: 'Not authenticated' } } });
    const { router } = renderApp('/pricing');
    expect(await screen.findByText('50% off all plans! Prices double after beta.')).toBeTruthy();
    await waitFor(() => expect(readSession()).toBeNull());
    expect(router.state.location.pathname).toBe('/pricing');
  });
});
