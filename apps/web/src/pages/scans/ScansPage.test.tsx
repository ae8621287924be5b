import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { fakeApi, makeScan, makeUser } from '../../testing/fake-api';
import { renderApp, signedIn } from '../../testing/render-app';

function showScans(list: { status: number; body?: unknown }, path = '/scans') {
  signedIn();
  const api = fakeApi({ 'GET /account/me': { status: 200, body: makeUser() }, 'GET /scans/list': list });
  renderApp(path);
  return api;
}

describe('Scans page', () => {
  it('shows an empty list, not an error, while the scan service answers 404', async () => {
    showScans({ status: 404, body: { detail: 'Not Found' } });
    expect(await screen.findByText('No scans yet')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows 'Failed to load scans' on other errors", async () => {
    showScans({ status: 500, body: { detail: 'Internal server error' } });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load scans');
  });

  it('shows Download for completed scans with a report and View Error with the message for failed ones', async () => {
    showScans({
      status: 200,
      body: {
        scans: [
          makeScan({ id: 'a', project_name: 'done', report_url: '/files/a.pdf' }),
          makeScan({ id: 'b', project_name: 'broken', status: 'failed', error_message: 'Archive is empty' }),
        ],
        total: 2,
      },
    });
    expect((await screen.findByRole('link', { name: 'Download' })).getAttribute('href')).toBe('/files/a.pdf');
    expect(screen.getByText('View Error').getAttribute('title')).toBe('Archive is empty');
  });
});

describe('Reports page', () => {
  it('asks for up to 100 scans and shows only completed ones with their score', async () => {
    const api = showScans(
      {
        status: 200,
        body: {
          scans: [
            makeScan({ id: 'a', project_name: 'finished', score: 73, report_url: '/files/a.pdf' }),
            makeScan({ id: 'b', project_name: 'running', status: 'processing', score: null }),
          ],
          total: 2,
        },
      },
      '/reports',
    );
    expect(await screen.findByText('finished')).toBeTruthy();
    expect(screen.queryByText('running')).toBeNull();
    expect(screen.getByText('73%')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download Report' }).getAttribute('href')).toBe('/files/a.pdf');
    expect(api.calls.some((call) => call.path === '/scans/list')).toBe(true);
  });

  it("shows 'Failed to load reports' on errors", async () => {
    showScans({ status: 500 }, '/reports');
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load reports');
  });
});
