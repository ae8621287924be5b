import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { fakeApi, makeUsage, makeUser } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';

function fill(values: { email?: string; company?: string; password: string; confirm: string }) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: values.email ?? 'new@example.com' } });
  if (values.company !== undefined) fireEvent.change(screen.getByLabelText('Company (optional)'), { target: { value: values.company } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: values.password } });
  fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: values.confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('Register page', () => {
  it("blocks differing passwords with 'Passwords do not match' and calls nothing", async () => {
    const api = fakeApi({});
    renderApp('/register');
    fill({ password: 'longenough1', confirm: 'longenough2' });
    expect((await screen.findByRole('alert')).textContent).toBe('Passwords do not match');
    expect(api.calls).toHaveLength(0);
  });

  it("blocks short passwords with 'Password must be at least 8 characters'", async () => {
    const api = fakeApi({});
    renderApp('/register');
    fill({ password: 'short', confirm: 'short' });
    expect((await screen.findByRole('alert')).textContent).toBe('Password must be at least 8 characters');
    expect(api.calls).toHaveLength(0);
  });

  it('creates the account: toast, dashboard, company sent trimmed (null when empty)', async () => {
    const api = fakeApi({
      'POST /auth/register': { status: 201, body: { access_token: 'jwt-new', user_id: 'u2', api_token: 'dsk_y' } },
      'GET /account/me': { status: 200, body: makeUser({ email: 'new@example.com' }) },
      'GET /account/usage': { status: 200, body: makeUsage() },
    });
    const { router } = renderApp('/register');
    fill({ company: '  Acme  ', password: 'longenough', confirm: 'longenough' });
    expect(await screen.findByText('Account created successfully!')).toBeTruthy();
    expect(await screen.findByText('Welcome back, new@example.com')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(api.calls[0]?.body).toEqual({ email: 'new@example.com', password: 'longenough', company: 'Acme' });
  });

  it("shows the server's detail, else 'Registration failed'", async () => {
    fakeApi({ 'POST /auth/register': { status: 409, body: { detail: 'An account with this email already exists' } } });
    renderApp('/register');
    fill({ password: 'longenough', confirm: 'longenough' });
    expect((await screen.findByRole('alert')).textContent).toBe('An account with this email already exists');
  });

  it("falls back to 'Registration failed'", async () => {
    fakeApi({ 'POST /auth/register': { status: 503 } });
    renderApp('/register');
    fill({ password: 'longenough', confirm: 'longenough' });
    expect((await screen.findByRole('alert')).textContent).toBe('Registration failed');
  });

  it('shows the terms note and links to login and pricing', () => {
    renderApp('/register');
    expect(screen.getByText(/By creating an account, you agree to our/).textContent).toBe(
      'By creating an account, you agree to our terms of service and privacy policy.',
    );
    expect(screen.getByRole('link', { name: 'terms of service' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe('/privacy');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'View pricing' }).getAttribute('href')).toBe('/pricing');
  });
});
