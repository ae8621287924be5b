// Scans in the browser against the real server and worker: a local git repository (file:// allowed by the
// operator option) goes pending -> completed on screen without a reload, its PDF downloads; bad archives show
// the spec's message (client-side) or the worker's error in the View Error tooltip (server-side).
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, startE2E, uniqueEmail, type E2E } from './harness';

let e2e: E2E;
let repoRoot: string;
let repo: string;

/** A tiny Flask app with a SQL injection and a shell injection, committed with git. */
async function makeVulnerableRepo(): Promise<string> {
  repoRoot = await mkdtemp(path.join(os.tmpdir(), 'duescan-e2e-repo-'));
  const dir = path.join(repoRoot, 'tiny-flask-shop');
  await mkdir(dir, { recursive: true });
  await writeFile(
    path.join(dir, 'app.py'),
    [
      'import sqlite3, subprocess',
      'from flask import Flask, request',
      'app = Flask(__name__)',
      '',
      "@app.route('/user')",
      'def user():',
      "    uid = request.args.get('id')",
      "    db = sqlite3.connect('shop.db')",
      '    return str(db.execute("SELECT * FROM users WHERE id = " + uid).fetchall())',
      '',
      "@app.route('/ping')",
      'def ping():',
      "    return subprocess.check_output('ping -c 1 ' + request.args.get('host'), shell=True)",
      '',
    ].join('\n'),
  );
  await writeFile(path.join(dir, 'requirements.txt'), 'flask==0.12.2\n');
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], { cwd: dir, stdio: 'ignore' });
  git('init', '-q');
  git('add', '.');
  git('commit', '-q', '-m', 'shop');
  return dir;
}

beforeAll(async () => {
  repo = await makeVulnerableRepo();
  e2e = await startE2E({ env: { ALLOW_FILE_URLS: 'true', SCAN_THREADS: '1' } });
});
afterAll(async () => {
  await e2e?.close();
  if (repoRoot) await rm(repoRoot, { recursive: true, force: true });
});

describe('scans in the browser', { timeout: 180_000 }, () => {
  it('scans a local git repository: pending -> completed without a reload, the PDF downloads, Reports lists it', async () => {
    const { page } = await e2e.newPage();
    await register(page, uniqueEmail('scanner'), 'scanner-password-1');
    await page.waitForURL('**/dashboard');
    const credits = page.getByTestId('sidebar-credits');
    const before = Number.parseInt((await credits.textContent()) ?? '', 10);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Scans' }).click();
    await page.getByRole('heading', { name: 'New Scan' }).waitFor();
    // A marker on window survives only if the page is never reloaded while we wait for the scan.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

    await page.getByLabel('Project URL or path').fill(`file://${repo}`);
    await page.getByLabel('Package').selectOption('quick');
    await page.getByRole('button', { name: 'Start Scan' }).click();

    const row = page.getByRole('row').filter({ hasText: 'tiny-flask-shop' });
    await row.waitFor();
    await row.getByTestId('status-icon-completed').waitFor({ timeout: 120_000 });
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await expect.poll(async () => Number.parseInt((await credits.textContent()) ?? '', 10)).toBe(before - 1);

    // Download asks the server for a signed link and opens it in a new tab, which the browser turns into a
    // download. The test sees the tab's request and fetches the same signed link (the link is the permission).
    const linkAnswer = page.waitForResponse((r) => /^\/api\/v1\/reports\/[0-9a-f-]{36}$/.test(new URL(r.url()).pathname));
    const tabRequest = page.context().waitForEvent('request', (r) => r.url().includes('/download?'));
    await row.getByRole('link', { name: 'Download' }).click();
    const { report_url } = (await (await linkAnswer).json()) as { report_url: string };
    const opened = new URL((await tabRequest).url());
    expect(opened.pathname + opened.search).toBe(report_url);
    const file = await page.request.get(report_url);
    expect(file.headers()['content-disposition']).toMatch(/attachment; filename=".*\.pdf"/);
    expect((await file.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click();
    const card = page.locator('section').filter({ hasText: 'tiny-flask-shop' });
    await card.getByText('Security score').waitFor();
    expect(await card.getByText(/^\d+%$/).textContent()).toMatch(/^\d+%$/);
    expect(await card.getByRole('link', { name: 'Download Report' }).count()).toBe(1);

    // The dashboard counts are the server's real numbers now.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    for (const [label, value] of [['Total Scans', '1'], ['Completed', '1'], ['This Month', '1'], ['Credits Remaining', String(before - 1)]]) {
      expect(await page.getByTestId(`stat-${label}`).textContent(), label).toBe(value);
    }
    await page.getByRole('row').filter({ hasText: 'tiny-flask-shop' }).getByTestId('status-icon-completed').waitFor();
  });

  it("a .rar shows 'Unsupported file type...'; a corrupt .zip is refused at once; a scan failing in the worker shows why under View Error", async () => {
    const { page } = await e2e.newPage();
    await register(page, uniqueEmail('archiver'), 'archiver-password-1');
    await page.waitForURL('**/dashboard');
    await page.goto('/scans');
    await page.getByRole('button', { name: 'Upload Archive' }).click();
    const fileInput = page.getByLabel(/^Archive/);

    await fileInput.setInputFiles({ name: 'source.rar', mimeType: 'application/vnd.rar', buffer: Buffer.from('Rar!\x1a\x07\x00') });
    await page.getByRole('button', { name: 'Start Scan' }).click();
    expect(await page.getByRole('alert').textContent()).toBe('Unsupported file type. Please upload .zip, .tar, or .tar.gz');

    // The server lists the archive before charging: a corrupt one is refused with the reason, no scan is created.
    await fileInput.setInputFiles({ name: 'broken.zip', mimeType: 'application/zip', buffer: Buffer.from('PK\x03\x04 this is not really a zip file') });
    await page.getByRole('button', { name: 'Start Scan' }).click();
    await page.getByRole('alert').filter({ hasText: 'Archive is corrupt' }).waitFor();
    expect(await page.getByRole('row').filter({ hasText: 'broken' }).count()).toBe(0);

    // A valid but empty zip (only the end-of-central-directory record) passes intake; the worker finds nothing.
    const emptyZip = Buffer.concat([Buffer.from('PK\x05\x06'), Buffer.alloc(18)]);
    await fileInput.setInputFiles({ name: 'hollow.zip', mimeType: 'application/zip', buffer: emptyZip });
    await page.getByRole('button', { name: 'Start Scan' }).click();
    const row = page.getByRole('row').filter({ hasText: 'hollow' });
    await row.getByTestId('status-icon-failed').waitFor({ timeout: 90_000 });
    const viewError = row.getByRole('button', { name: 'View Error' });
    const message = await viewError.getAttribute('title');
    expect(message).toMatch(/^Nothing to scan/);
    await viewError.hover();
    const tooltip = row.getByRole('tooltip');
    await tooltip.waitFor({ state: 'visible' });
    expect(await tooltip.textContent()).toBe(message);
  });
});
