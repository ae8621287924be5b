import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { fakeApi, makeUsage, makeUser } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';
import { readSession } from '../../session/storage';

function fillAndSubmit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('Login page', () => {
  it('signs in: toast, stored session, dashboard with the greeting', async () => {
    const api = fakeApi({
      'POST /auth/login': { status: 200, body: { access_token: 'jwt-9', user_id: 'u1', api_token: 'dsk_x' } },
      'GET /account/me': { status: 200, body: makeUser() },
      'GET /account/usage': { status: 200, body: makeUsage() },
    });
    const { router } = renderApp('/login');
    fillAndSubmit('founder@example.com', 'secret-password');
    expect(await screen.findByText('Welcome back!')).toBeTruthy();
    expect(await screen.findByText('Welcome back, founder@example.com')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(readSession()).toEqual({ token: 'jwt-9', userId: 'u1' });
    expect(api.calls[0]?.body).toEqual({ email: 'founder@example.com', password: 'secret-password' });
    expect(api.calls[1]?.headers.Authorization).toBe('Bearer jwt-9');
  });

  it("shows the server's detail verbatim and stays on /login", async () => {
    fakeApi({ 'POST /auth/login': { status: 401, body: { detail: 'Incorrect email or password' } } });
    const { router } = renderApp('/login');
    fillAndSubmit('founder@example.com', 'wrong-password');
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect email or password');
    expect(router.state.location.pathname).toBe('/login');
    expect(readSession()).toBeNull();
  });

  it("shows 'Login failed' when the server gives no detail", async () => {
    fakeApi({ 'POST /auth/login': { status: 500, body: 'oops' } });
    renderApp('/login');
    fillAndSubmit('founder@example.com', 'whatever1');
    expect((await screen.findByRole('alert')).textContent).toBe('Login failed');
  });

  it('disables the button while submitting', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    fakeApi({ 'POST /auth/login': () => new Promise((resolve) => (answer = resolve)) });
    renderApp('/login');
    fillAndSubmit('founder@example.com', 'whatever1');
    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    answer({ status: 400, body: { detail: 'Nope' } });
    const idle = await screen.findByRole('button', { name: 'Sign in' });
    expect((idle as HTMLButtonElement).disabled).toBe(false);
  });

  it('links to register and pricing', () => {
    renderApp('/login');
    expect(screen.getByRole('link', { name: 'Create one' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'View pricing' }).getAttribute('href')).toBe('/pricing');
  });
});
