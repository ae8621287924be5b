import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TUsageResponse } from '@duescan/contracts';
import { fakeApi, makeScan, makeUsage, makeUser } from '../../testing/fake-api';
import { renderApp, signedIn } from '../../testing/render-app';

function showDashboard(usage: { status: number; body?: unknown }, plan: TUsageResponse['plan'] = 'free') {
  signedIn();
  fakeApi({ 'GET /account/me': { status: 200, body: makeUser({ plan }) }, 'GET /account/usage': usage });
  return renderApp('/dashboard');
}

describe('Dashboard', () => {
  it('shows the four cards from /account/usage', async () => {
    showDashboard({
      status: 200,
      body: makeUsage({ stats: { total_scans: 12, completed_scans: 9, monthly_scans: 4 }, credits_remaining: 5, plan: 'pro' }),
    });
    expect((await screen.findByTestId('stat-Total Scans')).textContent).toBe('12');
    expect(screen.getByTestId('stat-Completed').textContent).toBe('9');
    expect(screen.getByTestId('stat-This Month').textContent).toBe('4');
    expect(screen.getByTestId('stat-Credits Remaining').textContent).toBe('5');
    const card = screen.getByTestId('stat-Credits Remaining').parentElement as HTMLElement;
    expect(within(card).getByTestId('plan-badge').textContent).toBe('Pro');
  });

  it('shows ∞ as the credits of the ultra plan', async () => {
    showDashboard({ status: 200, body: makeUsage({ plan: 'ultra', credits_remaining: 0 }) }, 'ultra');
    expect((await screen.findByTestId('stat-Credits Remaining')).textContent).toBe('∞');
  });

  it("shows 'No scans yet' and 'Create your first scan' without scans", async () => {
    showDashboard({ status: 200, body: makeUsage() });
    expect(await screen.findByText('No scans yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create your first scan' }).getAttribute('href')).toBe('/scans');
    expect(screen.getByRole('link', { name: 'View all' }).getAttribute('href')).toBe('/scans');
  });

  it('lists recent scans with one distinct icon per status', async () => {
    const statuses = ['pending', 'processing', 'completed', 'failed'] as const;
    showDashboard({
      status: 200,
      body: makeUsage({
        recent_scans: statuses.map((status, i) => makeScan({ id: `s${i}`, status, project_name: `project-${status}`, package_type: 'pro' })),
      }),
    });
    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(rows).toHaveLength(4);
    expect(within(rows[0] as HTMLElement).getByText('project-pending')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('Pro')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('Feb 1, 2026')).toBeTruthy();
    const icons = statuses.map((status) => screen.getByTestId(`status-icon-${status}`));
    expect(new Set(icons.map((icon) => icon.getAttribute('class')?.match(/lucide-[a-z0-9-]+/g)?.join()))).toHaveProperty('size', 4);
  });

  it("shows 'Failed to load dashboard data' when usage fails", async () => {
    showDashboard({ status: 500, body: { detail: 'Internal server error' } });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load dashboard data');
  });

  it('has shortcut tiles to scans, reports and pricing', async () => {
    showDashboard({ status: 200, body: makeUsage() });
    await screen.findByText('No scans yet');
    const main = screen.getByRole('main');
    const hrefs = within(main).getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(expect.arrayContaining(['/scans', '/reports', '/pricing']));
  });
});
