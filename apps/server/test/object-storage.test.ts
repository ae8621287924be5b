// STORAGE=s3 end to end, against a real S3-compatible server on loopback (s3rver) through the AWS SDK. On PostgreSQL
// the API and the worker are two runtimes with their own DATA_DIR, like two machines: they share only the database
// and the bucket. PGlite is one process's database, so there one runtime does both.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@duescan/contracts';
import { loadConfig } from '../src/config';
import { startRuntime, type Runtime } from '../src/start';
import { expireReports } from '../src/retention/expire-reports';
import { createScanStore } from '../src/scans/scan-store';
import { createObjectStore } from '../src/storage/create-object-store';
import type { ObjectStore } from '../src/storage/object-store';
import { createTestDatabase, type TestDatabase } from '../src/testing/test-database';
import { startTestS3Server, type TestS3Server } from '../src/testing/s3-server';
import { rawTar } from './fixtures/archives';
import { ENGINES, POSTGRES_ADMIN_URL } from './helpers';
import { startSmtp } from './receivers';
import {
  SCAN_TEST_ENV,
  setCredits,
  signUp,
  waitFor,
  waitForScan,
  type Client,
  type Json,
} from './scan-runtime';

/** What a folder holds, recursively (empty when it does not exist). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

describe.each(ENGINES)('shared object store (STORAGE=s3) on %s', (engine) => {
  const split = engine === 'postgres';
  let s3: TestS3Server;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let testDb: TestDatabase;
  let apiDir: string;
  let workerDir: string;
  let api: Runtime;
  let worker: Runtime | undefined;
  let env: Record<string, string>;
  let objects: ObjectStore;
  let user: Client;
  let uploadScanId = '';

  beforeAll(async () => {
    s3 = await startTestS3Server();
    smtp = await startSmtp();
    testDb = await createTestDatabase(engine, POSTGRES_ADMIN_URL);
    apiDir = testDb.dataDir;
    workerDir = await mkdtemp(path.join(os.tmpdir(), 'duescan-worker-'));
    env = {
      ...SCAN_TEST_ENV,
      ...s3.env,
      PORT: '0',
      SMTP_URL: smtp.url,
      ...(testDb.databaseUrl ? { DATABASE_URL: testDb.databaseUrl } : {}),
    };
    api = await startRuntime(loadConfig({ ...env, DATA_DIR: apiDir }), split ? 'serve' : 'all');
    if (split) worker = await startRuntime(loadConfig({ ...env, DATA_DIR: workerDir }), 'worker');
    objects = await createObjectStore(loadConfig({ ...env, DATA_DIR: apiDir }).storage);
    user = await signUp(api.url!, 'store');
    await setCredits(api, user.userId, 10);
  }, 120_000);
  afterAll(async () => {
    await worker?.close();
    await api?.close();
    objects?.close();
    await testDb?.drop();
    await rm(workerDir, { recursive: true, force: true });
    await smtp?.close();
    await s3?.close();
  }, 60_000);

  it('an uploaded archive goes to the bucket, the worker scans it, the API serves the report from the bucket', async () => {
    const form = new FormData();
    form.append('package_type', 'quick');
    const archive = rawTar(
      [
        { path: 'shop/', type: 'Directory' },
        { path: 'shop/app.py', body: 'import os\nos.system(input())\n' },
      ],
      true,
    );
    form.append('file', new Blob([archive]), 'shop.tar.gz');
    const created = await user.upload(form);
    expect(created.status).toBe(201);
    uploadScanId = created.json.scan.id;
    // Nothing accepted stays on the API's disk: the archive is in the bucket until the scan's last attempt.
    expect(await filesUnder(path.join(apiDir, 'uploads'))).toEqual([]);

    const done = await waitForScan(user, uploadScanId);
    expect(done).toMatchObject({ status: 'completed', project_name: 'shop', error_message: null });
    expect((await objects.list(`reports/${uploadScanId}/`)).sort()).toEqual([
      `reports/${uploadScanId}/report.json`,
      `reports/${uploadScanId}/report.pdf`,
    ]);
    // The upload is removed once the scan is final; no report file exists on either machine's disk.
    await waitFor(async () => !(await objects.exists(`uploads/${uploadScanId}.tar.gz`)));
    for (const dir of [apiDir, workerDir]) {
      expect(await filesUnder(path.join(dir, 'reports'))).toEqual([]);
      expect(await filesUnder(path.join(dir, 'sources'))).toEqual([]);
    }

    const links = (await user.call('GET', `/reports/${uploadScanId}`)).json;
    const pdf = await fetch(`${api.url}${links.report_url}`);
    expect(pdf.status).toBe(200);
    const pdfBytes = Buffer.from(await pdf.arrayBuffer());
    expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');
    const stored = await objects.get(`reports/${uploadScanId}/report.pdf`);
    expect(Buffer.concat(await stored!.toArray()).equals(pdfBytes)).toBe(true);
    const json = (await (await fetch(`${api.url}${links.json_url}`)).json()) as Json;
    expect(json).toMatchObject({ project: { name: 'shop' }, score: { overall: done.score } });

    // The e-mail job reads the PDF from the bucket too (on PostgreSQL it runs in the worker runtime).
    const mail = await waitFor(async () => smtp.messages.find((m) => m.includes(user.email)));
    expect(mail).toMatch(/Content-Type: application\/pdf; name=duescan-report\.pdf/);
    expect(mail).toContain(pdfBytes.subarray(0, 30).toString('base64').slice(0, 36));
  }, 120_000);

  it('a CLI report goes through the bucket to the worker and comes back as a PDF', async () => {
    const links = (await user.call('GET', `/reports/${uploadScanId}`)).json;
    const report = (await (await fetch(`${api.url}${links.json_url}`)).json()) as Json;
    const anonymized = {
      ...report,
      anonymized: true,
      findings: report.findings.map(({ snippet: _s, ...f }: { snippet?: string }) => f),
    };
    const body = {
      scan_token: `tok_${Date.now()}_storage_test_token`,
      package_type: 'quick',
      project_name: 'cli-shop',
      report: anonymized,
    };
    const created = await user.call('POST', '/scans/cli-upload', body);
    expect(created.status).toBe(201);
    const id = created.json.scan.id;
    const done = await waitForScan(user, id);
    expect(done).toMatchObject({
      status: 'completed',
      project_name: 'cli-shop',
      score: report.score.overall,
    });
    expect(await objects.exists(`reports/${id}/report.pdf`)).toBe(true);
    await waitFor(async () => !(await objects.exists(`uploads/cli/${id}.json`)));
    expect(await filesUnder(path.join(apiDir, 'uploads'))).toEqual([]);
  }, 90_000);

  it('retention deletes the report objects from the bucket; the download answers 410', async () => {
    const links = (await user.call('GET', `/reports/${uploadScanId}`)).json;
    await api.database.executeSql(
      `update scans set completed_at = now() - interval '25 hours' where id = $1`,
      [uploadScanId],
    );
    const config = loadConfig({ ...env, DATA_DIR: workerDir });
    const scans = createScanStore(api.database);
    expect(await expireReports(scans, config.scans, objects)).toBeGreaterThanOrEqual(1);
    expect(await objects.list(`reports/${uploadScanId}/`)).toEqual([]);
    // Straight from the bucket's own files: nothing of that scan is left on the S3 server either.
    expect((await filesUnder(s3.directory)).filter((f) => f.includes(uploadScanId))).toEqual([]);
    expect((await fetch(`${api.url}${links.report_url}`)).status).toBe(410);
    expect(await user.call('GET', `/reports/${uploadScanId}`)).toMatchObject({
      status: 410,
      json: { detail: MESSAGES.reportExpired('24 hours') },
    });
  });

  it('a report missing from the bucket answers 410, not 500', async () => {
    const id = (await user.call('GET', '/scans/list?limit=100')).json.scans.find(
      (s: Json) => s.project_name === 'cli-shop',
    ).id;
    const links = (await user.call('GET', `/reports/${id}`)).json;
    await objects.deletePrefix(`reports/${id}/`);
    expect((await fetch(`${api.url}${links.report_url}`)).status).toBe(410);
  });
});

describe('start-up with STORAGE=s3', () => {
  it('refuses to start when the bucket does not exist, saying what to fix', async () => {
    const s3 = await startTestS3Server();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'duescan-nobucket-'));
    try {
      const config = loadConfig({
        ...SCAN_TEST_ENV,
        ...s3.env,
        S3_BUCKET: 'missing-bucket',
        PORT: '0',
        DATA_DIR: dataDir,
      });
      await expect(startRuntime(config, 'serve')).rejects.toThrow(
        /The S3 bucket missing-bucket at http:\/\/127\.0\.0\.1:\d+ does not exist/,
      );
    } finally {
      await s3.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
