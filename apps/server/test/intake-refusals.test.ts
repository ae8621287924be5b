// What the API refuses at intake, on each engine, and that a refusal costs nothing: no credit, no file left on
// disk, a 4xx with a sentence the user can act on (never a 500, never a misleading 403/413).
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scan } from '@duescan/engine';
import { loadConfig } from '../src/config';
import { ENGINES } from './helpers';
import { rawTar } from './fixtures/archives';
import { makeGitRepo, setCredits, signUp, startScanRuntime, waitForScan, type Client, type Json, type ScanRuntime } from './scan-runtime';

async function anonymizedReport(): Promise<Json> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'duescan-cli-report-'));
  await writeFile(path.join(dir, 'app.py'), 'import os\nos.system("ls " + input())\n');
  const report = (await scan(dir, { package: 'quick', threads: 1 })) as Json;
  return { ...report, anonymized: true, findings: report.findings.map(({ snippet: _s, ...f }: { snippet?: string }) => f) };
}

describe.each(ENGINES)('intake refusals on %s', (engine) => {
  let rt: ScanRuntime;
  let user: Client;
  let report: Json;
  let token = 0;
  const scanToken = () => `tok_${Date.now()}_${++token}_abcdefghijklmnop`;
  const credits = async () => (await user.call('GET', '/account/me')).json.credits_remaining as number;
  const scanCount = async () =>
    ((await rt.runtime.database.executeSql('select count(*)::int as n from scans where user_id = $1', [user.userId])).rows[0] as { n: number }).n;
  const post = (pathname: string, body: string | FormData, contentType?: string) =>
    fetch(`${rt.url}/api/v1${pathname}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, ...(contentType ? { 'content-type': contentType } : {}) },
      body,
    }).then(async (r) => ({ status: r.status, json: (await r.json().catch(() => null)) as Json }));

  beforeAll(async () => {
    // A built web app: the static file server is what answered a very long path with 403 "Forbidden".
    const webDist = await mkdtemp(path.join(os.tmpdir(), 'duescan-web-'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>DueScan</title>');
    // The delay keeps a created scan waiting in the worker long enough to pull its repository away.
    rt = await startScanRuntime(engine, { WEB_DIST: webDist, SCAN_DEBUG_DELAY_MS: '1500' });
    user = await signUp(rt.url, 'intake');
    report = await anonymizedReport();
  }, 120_000);
  afterAll(async () => {
    await rt?.close();
    await rt?.testDb.drop();
  });

  it('a CLI upload without credits leaves no file behind (checked before writing, removed on every failure)', async () => {
    await setCredits(rt.runtime, user.userId, 0);
    for (let i = 0; i < 5; i++) {
      const res = await user.call('POST', '/scans/cli-upload', { scan_token: scanToken(), package_type: 'quick', project_name: 'cli', report });
      expect(res.status).toBe(402);
    }
    const cliDir = path.join(loadConfig(rt.env).scans.uploadsDir, 'cli');
    expect(await readdir(cliDir).catch(() => [])).toEqual([]);
  });

  it('a NUL character in a text field answers 400 with the field named, on every route that stores text', async () => {
    await setCredits(rt.runtime, user.userId, 5);
    const register = await fetch(`${rt.url}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nul-company@example.com', password: 'longenough', company: 'Acme\u0000Corp' }),
    });
    expect(register.status).toBe(400);
    expect(((await register.json()) as Json).detail).toBe('Company must not contain the NUL character (U+0000)');
    const cli = await user.call('POST', '/scans/cli-upload', { scan_token: scanToken(), package_type: 'quick', project_name: 'a\u0000b', report });
    expect(cli).toMatchObject({ status: 400, json: { detail: 'Project_name must not contain the NUL character (U+0000)' } });
    const form = new FormData();
    form.append('package_type', 'quick');
    form.append('file', new Blob([rawTar([{ path: 'a.js', body: 'x' }])]), 'pro\u0000ject.tar');
    const upload = await user.upload(form);
    expect(upload).toMatchObject({ status: 400, json: { detail: 'The file name must not contain the NUL character (U+0000)' } });
    expect(await credits()).toBe(5);
  });

  it('a malformed multipart body answers 400, not 500', async () => {
    const body = '--right\r\nContent-Disposition: form-data; name="package_type"\r\n\r\nquick\r\n--right--\r\n';
    const wrongBoundary = await post('/scans/upload', body, 'multipart/form-data; boundary=wrong');
    expect(wrongBoundary.status).toBe(400);
    const truncated = await post(
      '/scans/upload',
      '--b\r\nContent-Disposition: form-data; name="file"; filename="p.tar"\r\nContent-Type: application/x-tar\r\n\r\nabc',
      'multipart/form-data; boundary=b',
    );
    expect(truncated.status).toBe(400);
    expect(truncated.json.detail).toMatch(/not a complete multipart\/form-data body/);
  });

  it('two file parts answer 400 with a clear message, not 413 "reach files limit"', async () => {
    const form = new FormData();
    form.append('package_type', 'quick');
    form.append('file', new Blob([rawTar([{ path: 'a.js', body: 'x' }])]), 'one.tar');
    form.append('file', new Blob([rawTar([{ path: 'b.js', body: 'y' }])]), 'two.tar');
    const res = await user.upload(form);
    expect(res).toMatchObject({ status: 400, json: { detail: 'Upload one file at a time: the form has more than one file' } });
    expect(await scanCount()).toBe(0);
  });

  it('a 5,000-character path answers 414 with a clear message', async () => {
    for (const pathname of [`/api/v1/${'a'.repeat(5000)}`, `/${'a'.repeat(5000)}`]) {
      const res = await fetch(`${rt.url}${pathname}`);
      expect(res.status).toBe(414);
      expect(((await res.json()) as Json).detail).toMatch(/The address is too long/);
    }
  });

  it('a corrupt archive and a missing repository are refused before charging', async () => {
    await setCredits(rt.runtime, user.userId, 2);
    const form = new FormData();
    form.append('package_type', 'quick');
    form.append('file', new Blob([Buffer.from('this is not a tar archive at all, just text '.repeat(40))]), 'broken.tar.gz');
    expect(await user.upload(form)).toMatchObject({ status: 400, json: { detail: 'Archive is corrupt' } });
    const zip = new FormData();
    zip.append('package_type', 'quick');
    zip.append('file', new Blob([Buffer.from('PK\u0003\u0004 truncated')]), 'broken.zip');
    expect(await user.upload(zip)).toMatchObject({ status: 400, json: { detail: 'Archive is corrupt' } });
    const evil = new FormData();
    evil.append('package_type', 'quick');
    evil.append('file', new Blob([rawTar([{ path: '../evil.js', body: 'x' }])]), 'evil.tar');
    expect((await user.upload(evil)).json.detail).toMatch(/^Archive rejected: .*escapes the extraction folder/);
    const missing = path.join(path.dirname(await makeGitRepo('present')), 'absent-repo');
    const repo = await user.call('POST', '/scans/create', { project_url: `file://${missing}`, package_type: 'quick' });
    expect(repo).toMatchObject({ status: 400, json: { detail: 'Repository not found or not accessible' } });
    expect(await credits()).toBe(2);
    expect(await scanCount()).toBe(0);
    expect(await readdir(loadConfig(rt.env).scans.uploadsDir).then((f) => f.filter((n) => n !== 'tmp' && n !== 'cli'))).toEqual([]);
  });

  it('a repository gone by the time the worker fetches it fails with its reason and the credit back', async () => {
    await setCredits(rt.runtime, user.userId, 1);
    const repo = await makeGitRepo('vanishing');
    const created = await user.call('POST', '/scans/create', { project_url: `file://${repo}`, package_type: 'quick' });
    expect(created.status).toBe(201);
    expect(await credits()).toBe(0);
    await rm(repo, { recursive: true, force: true });
    const done = await waitForScan(user, created.json.id, 60_000);
    expect(done).toMatchObject({ status: 'failed', error_message: 'Repository not found or not accessible' });
    expect(await credits()).toBe(1);
  }, 90_000);
});
