import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { TScan } from '@duescan/contracts';
import { fakeApi, makeScan, makeUser, type FakeCall } from '../../testing/fake-api';
import { renderApp, signedIn } from '../../testing/render-app';

type Answer = { status: number; body?: unknown };
type Handlers = Record<string, Answer | ((call: FakeCall) => Answer | Promise<Answer>)>;

function listOf(scans: TScan[]): Answer {
  return { status: 200, body: { scans, total: scans.length } };
}

function show(handlers: Handlers, path = '/scans', user = makeUser()) {
  signedIn();
  const api = fakeApi({ 'GET /account/me': { status: 200, body: user }, 'GET /scans/list': listOf([]), ...handlers });
  renderApp(path);
  return api;
}

const countOf = (api: { calls: FakeCall[] }, key: string) => api.calls.filter((c) => `${c.method} ${c.path}` === key).length;

async function submitUrl(value: string) {
  fireEvent.change(await screen.findByLabelText('Project URL or path'), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Start Scan' }));
}

function chooseFile(file: File) {
  fireEvent.click(screen.getByRole('button', { name: 'Upload Archive' }));
  fireEvent.change(screen.getByLabelText(/^Archive/), { target: { files: [file] } });
  fireEvent.click(screen.getByRole('button', { name: 'Start Scan' }));
}

describe('Scans page: list', () => {
  it("shows 'Failed to load scans' when the list call fails", async () => {
    show({ 'GET /scans/list': { status: 500, body: { detail: 'Internal server error' } } });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load scans');
  });

  it('shows a distinct status icon per status, Download for a completed scan with a report, View Error with its message', async () => {
    show({
      'GET /scans/list': listOf([
        makeScan({ id: 'a', project_name: 'done', report_url: '/r/a.pdf' }),
        makeScan({ id: 'b', project_name: 'broken', status: 'failed', error_message: 'Archive is corrupt' }),
        makeScan({ id: 'c', project_name: 'queued', status: 'pending' }),
        makeScan({ id: 'd', project_name: 'running', status: 'processing' }),
      ]),
    });
    expect((await screen.findByRole('link', { name: 'Download' })).getAttribute('href')).toBe('/r/a.pdf');
    expect(screen.getByRole('button', { name: 'View Error' }).getAttribute('title')).toBe('Archive is corrupt');
    expect(screen.getByRole('tooltip', { hidden: true }).textContent).toBe('Archive is corrupt');
    for (const status of ['completed', 'failed', 'pending', 'processing']) expect(screen.getByTestId(`status-icon-${status}`)).toBeTruthy();
  });

  it('asks the list again every 5 seconds and updates a running scan to completed in place', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let status: TScan['status'] = 'processing';
    const api = show({ 'GET /scans/list': () => listOf([makeScan({ id: 'x', project_name: 'live', status, report_url: status === 'completed' ? '/r/x.pdf' : null })]) });
    await screen.findByTestId('status-icon-processing');
    expect(countOf(api, 'GET /scans/list')).toBe(1);

    await act(async () => vi.advanceTimersByTime(4900));
    expect(countOf(api, 'GET /scans/list')).toBe(1);
    await act(async () => vi.advanceTimersByTime(100));
    await waitFor(() => expect(countOf(api, 'GET /scans/list')).toBe(2));

    status = 'completed';
    await act(async () => vi.advanceTimersByTime(5000));
    await screen.findByTestId('status-icon-completed');
    expect(screen.getByRole('link', { name: 'Download' })).toBeTruthy();
    expect(countOf(api, 'GET /scans/list')).toBe(3);
    expect(countOf(api, 'GET /account/me')).toBe(1); // the page was never reloaded
  });

  it('opens the signed report URL in a new tab, or says it failed', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    let reportAnswer: Answer = { status: 200, body: { report_url: '/files/signed.pdf?sig=abc' } };
    show({ 'GET /scans/list': listOf([makeScan({ id: 'a', report_url: '/r/a.pdf' })]), 'GET /reports/a': () => reportAnswer });
    fireEvent.click(await screen.findByRole('link', { name: 'Download' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/files/signed.pdf?sig=abc', '_blank', 'noopener'));

    reportAnswer = { status: 500 };
    fireEvent.click(screen.getByRole('link', { name: 'Download' }));
    expect(await screen.findByText('Failed to get report URL')).toBeTruthy();
    expect(open).toHaveBeenCalledTimes(1);
  });
});

describe('Scans page: New Scan form', () => {
  it("requires a project URL: 'Please enter a project URL or path', nothing sent", async () => {
    const api = show({});
    await submitUrl('  ');
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a project URL or path');
    expect(countOf(api, 'POST /scans/create')).toBe(0);
  });

  it('blocks a free plan with no credits (ultra with 0 credits is sent: see the next test)', async () => {
    const api = show({}, '/scans', makeUser({ credits_remaining: 0 }));
    await submitUrl('https://github.com/acme/api.git');
    expect((await screen.findByRole('alert')).textContent).toBe('No credits remaining. Please upgrade your plan.');
    expect(countOf(api, 'POST /scans/create')).toBe(0);
  });

  it('sends the scan, disables the button while submitting, then reloads the list', async () => {
    let release: (a: Answer) => void = () => undefined;
    const api = show({
      'POST /scans/create': () => new Promise<Answer>((resolve) => (release = resolve)),
    }, '/scans', makeUser({ plan: 'ultra', credits_remaining: 0 }));
    fireEvent.change(await screen.findByLabelText('Package'), { target: { value: 'pro' } });
    fireEvent.change(screen.getByLabelText('Webhook URL (optional)'), { target: { value: 'https://hooks.example.com/x' } });
    await submitUrl(' https://github.com/acme/api.git ');
    const busy = await screen.findByRole('button', { name: 'Starting...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    const listsBefore = countOf(api, 'GET /scans/list');
    await act(async () => release({ status: 200, body: makeScan({ status: 'pending' }) }));
    await screen.findByRole('button', { name: 'Start Scan' });
    expect(api.calls.find((c) => c.path === '/scans/create')?.body).toEqual({
      project_url: 'https://github.com/acme/api.git',
      package_type: 'pro',
      webhook_url: 'https://hooks.example.com/x',
    });
    await waitFor(() => expect(countOf(api, 'GET /scans/list')).toBeGreaterThan(listsBefore));
    expect(((await screen.findByLabelText('Project URL or path')) as HTMLInputElement).value).toBe('');
  });

  it("shows the server's detail verbatim, else 'Failed to create scan'", async () => {
    let answer: Answer = { status: 400, body: { detail: 'Repository URLs must use https or ssh' } };
    show({ 'POST /scans/create': () => answer });
    await submitUrl('ftp://x');
    expect((await screen.findByRole('alert')).textContent).toBe('Repository URLs must use https or ssh');
    answer = { status: 502, body: '<html>bad gateway</html>' };
    fireEvent.click(screen.getByRole('button', { name: 'Start Scan' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to create scan'));
  });

  it('rejects a bad webhook URL before sending', async () => {
    const api = show({});
    fireEvent.change(await screen.findByLabelText('Webhook URL (optional)'), { target: { value: 'hooks' } });
    await submitUrl('https://github.com/acme/api.git');
    expect((await screen.findByRole('alert')).textContent).toBe('Webhook URL must be a valid URL');
    expect(countOf(api, 'POST /scans/create')).toBe(0);
  });

  it("upload mode: 'Please select a file', unsupported type, too large, then a good archive is uploaded", async () => {
    const api = show({ 'POST /scans/upload': { status: 200, body: { filename: 'app.zip', scan: makeScan({ status: 'pending' }) } } });
    await screen.findByText('No scans yet');
    fireEvent.click(screen.getByRole('button', { name: 'Upload Archive' }));
    fireEvent.click(screen.getByRole('button', { name: 'Start Scan' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please select a file');

    chooseFile(new File(['x'], 'code.rar'));
    expect(screen.getByRole('alert').textContent).toBe('Unsupported file type. Please upload .zip, .tar, or .tar.gz');

    const huge = new File(['x'], 'big.zip');
    Object.defineProperty(huge, 'size', { value: 100 * 1024 * 1024 + 1 });
    fireEvent.change(screen.getByLabelText(/^Archive/), { target: { files: [huge] } });
    fireEvent.click(screen.getByRole('button', { name: 'Start Scan' }));
    expect(screen.getByRole('alert').textContent).toBe('File too large. Maximum size is 100MB');
    expect(countOf(api, 'POST /scans/upload')).toBe(0);

    fireEvent.change(screen.getByLabelText(/^Archive/), { target: { files: [new File(['PK'], 'app.zip')] } });
    fireEvent.click(screen.getByRole('button', { name: 'Start Scan' }));
    await waitFor(() => expect(countOf(api, 'POST /scans/upload')).toBe(1));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});

describe('Reports page', () => {
  it('asks for up to 100 scans and shows only completed ones with their score bar and Download Report', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const api = show(
      {
        'GET /scans/list': listOf([
          makeScan({ id: 'a', project_name: 'finished', score: 73, report_url: '/r/a.pdf' }),
          makeScan({ id: 'b', project_name: 'running', status: 'processing', score: null }),
        ]),
        'GET /reports/a': { status: 200, body: { report_url: '/files/a-signed.pdf' } },
      },
      '/reports',
    );
    expect(await screen.findByText('finished')).toBeTruthy();
    expect(screen.queryByText('running')).toBeNull();
    expect(screen.getByText('73%')).toBeTruthy();
    expect(api.calls.some((call) => call.path === '/scans/list')).toBe(true);
    fireEvent.click(screen.getByRole('link', { name: 'Download Report' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/files/a-signed.pdf', '_blank', 'noopener'));
  });

  it("shows 'Failed to load reports' on errors", async () => {
    show({ 'GET /scans/list': { status: 500 } }, '/reports');
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load reports');
  });
});
