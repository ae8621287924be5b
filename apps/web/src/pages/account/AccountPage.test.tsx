import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { fakeApi, makeUser } from '../../testing/fake-api';
import { renderApp, signedIn } from '../../testing/render-app';

function showAccount(user = makeUser()) {
  signedIn();
  fakeApi({ 'GET /account/me': { status: 200, body: user } });
  return renderApp('/account');
}

describe('Account page', () => {
  it("shows the profile with 'Not specified' for a missing company and the upgrade hint on free", async () => {
    showAccount();
    expect(await screen.findByText('Not specified')).toBeTruthy();
    expect(screen.getByText('Jan 15, 2026')).toBeTruthy();
    expect(screen.getByText(/You are on the free plan/)).toBeTruthy();
    // The login command names this service's own address, so a user can paste it as is.
    expect(screen.getByText(new RegExp(`duescan login --api-url ${window.location.origin} --token YOUR_API_KEY\\s+duescan scan \\. --upload`))).toBeTruthy();
  });

  it('shows the company and no upgrade hint on a paid plan', async () => {
    showAccount(makeUser({ company: 'Acme Inc', plan: 'enterprise', credits_remaining: 20 }));
    expect(await screen.findByText('Acme Inc')).toBeTruthy();
    expect(screen.queryByText(/You are on the free plan/)).toBeNull();
    expect(screen.getByText('20')).toBeTruthy();
  });

  it('copies the API key with a toast and a 3-second confirmation', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    showAccount();
    expect(((await screen.findByTestId('api-key')) as HTMLInputElement).value).toBe('dsk_test_token_123');
    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    });
    expect(writeText).toHaveBeenCalledWith('dsk_test_token_123');
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();
    expect(screen.getByText('API key copied to clipboard')).toBeTruthy();
    act(() => vi.advanceTimersByTime(2900));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
  });
});
