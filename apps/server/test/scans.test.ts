// The scan service end to end on each engine: real git (file://), real archives, real SMTP and a real webhook
// receiver on loopback, the worker running in-process through pg-boss.
import { readFile, writeFile, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@duescan/contracts';
import { loadConfig } from '../src/config';
import { createScanStore } from '../src/scans/scan-store';
import { createDeliveryStore } from '../src/delivery/delivery-store';
import { expireReports } from '../src/retention/expire-reports';
import { createObjectStore } from '../src/storage/create-object-store';
import { rawTar, writeZip } from './fixtures/archives';
import { ENGINES } from './helpers';
import { startSmtp, startWebhookReceiver } from './receivers';
import { makeGitRepo, setCredits, signUp, startScanRuntime, waitFor, waitForScan, type Client, type Json, type ScanRuntime } from './scan-runtime';

describe.each(ENGINES)('scan service on %s', (engine) => {
  let rt: ScanRuntime;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let hook: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let alice: Client;
  let aliceSecret = '';
  let repo: string;
  let files: string;
  let firstScanId = '';

  beforeAll(async () => {
    smtp = await startSmtp();
    hook = await startWebhookReceiver(() => aliceSecret, 1);
    rt = await startScanRuntime(engine, { SMTP_URL: smtp.url, ALLOW_PRIVATE_TARGETS: 'true' });
    alice = await signUp(rt.url, 'alice');
    aliceSecret = (await alice.call('GET', '/scans/webhook-secret')).json.webhook_secret;
    await setCredits(rt.runtime, alice.userId, 20);
    repo = await makeGitRepo('demo-app');
    files = await mkdtemp(path.join(os.tmpdir(), 'duescan-upload-'));
  }, 120_000);
  // Closing waits for running scan jobs (graceful queue stop): on a loaded machine that exceeds the 10 s default.
  afterAll(async () => {
    await rt?.close();
    await rt?.testDb.drop();
    await smtp?.close();
    await hook?.close();
  }, 60_000);

  it('scans a git repository: completed with a score, PDF + JSON downloads, e-mail with the PDF, signed webhook', async () => {
    const created = await alice.call('POST', '/scans/create', { project_url: `file://${repo}`, package_type: 'quick', webhook_url: hook.url });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ project_name: 'demo-app', package_type: 'quick', status: 'pending', report_url: null });
    firstScanId = created.json.id;
    const done = await waitForScan(alice, firstScanId);
    expect(done.error_message).toBeNull();
    expect(done.status).toBe('completed');
    expect(done.score).toBeGreaterThanOrEqual(0);
    expect(done.score).toBeLessThanOrEqual(100);
    expect(done.report_url).toBe(`/api/v1/reports/${firstScanId}`);

    const links = await alice.call('GET', `/reports/${firstScanId}`);
    expect(links.status).toBe(200);
    const pdf = await fetch(`${rt.url}${links.json.report_url}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    const json = (await (await fetch(`${rt.url}${links.json.json_url}`)).json()) as Json;
    expect(json.project.name).toBe('demo-app');
    expect(json.score.overall).toBe(done.score);
    const tampered = links.json.report_url.replace(/sig=.{4}/, 'sig=AAAA');
    expect((await fetch(`${rt.url}${tampered}`)).status).toBe(403);

    // E-mail over real SMTP with the PDF attached.
    const mail = await waitFor(async () => smtp.messages.find((m) => m.includes(alice.email)));
    expect(mail).toContain('Your DueScan report for demo-app is ready');
    expect(mail).toMatch(/Content-Type: application\/pdf; name=duescan-report\.pdf/);
    // Webhook: first attempt answered 500, the retry arrives signed.
    const event = await waitFor(async () => hook.events[0]);
    expect(event.verified).toBe(true);
    expect(event.body).toMatchObject({ event: 'scan.completed', scan: { id: firstScanId, status: 'completed' } });
    expect(hook.requests()).toBe(2);
    const deliveries = await waitFor(async () => {
      const rows = await createDeliveryStore(rt.runtime.database.db).forScan(firstScanId);
      return rows.length === 2 && rows.every((r) => r.status === 'delivered') ? rows : undefined;
    });
    expect(deliveries.find((d) => d.kind === 'webhook')!.attempts).toBe(2);

    const me = await alice.call('GET', '/account/me');
    expect(me.json.credits_remaining).toBe(19);
    const usage = await alice.call('GET', '/account/usage');
    expect(usage.json.stats).toMatchObject({ total_scans: 1, completed_scans: 1, monthly_scans: 1 });
    expect(usage.json.recent_scans[0].id).toBe(firstScanId);
  }, 120_000);

  it('user B gets 404 for user A scan and report', async () => {
    const bob = await signUp(rt.url, 'bob');
    expect((await bob.call('GET', `/reports/${firstScanId}`)).status).toBe(404);
    expect((await bob.call('GET', `/reports/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await bob.call('GET', '/reports/not-a-uuid')).status).toBe(404);
    expect((await bob.call('GET', '/scans/list')).json).toEqual({ scans: [], total: 0 });
    expect((await alice.call('GET', '/scans/list?limit=1')).json.total).toBeGreaterThanOrEqual(1);
  });

  it('uploads: a good .tar.gz and .zip complete; bad archives are refused at intake, uncharged; wrong type refused', async () => {
    const tgz = path.join(files, 'webapp.tar.gz');
    await writeFile(tgz, rawTar([{ path: 'webapp/', type: 'Directory' }, { path: 'webapp/app.py', body: 'import os\nos.system(input())\n' }], true));
    const zip = path.join(files, 'tool.zip');
    writeZip(zip, [{ name: 'tool/index.js', body: 'eval(process.argv[2])\n' }]);
    const evil = path.join(files, 'evil.tar');
    await writeFile(evil, rawTar([{ path: '../../escape.sh', body: 'echo pwned' }]));
    const corrupt = path.join(files, 'broken.zip');
    await writeFile(corrupt, 'not a zip');

    const send = async (file: string, name = path.basename(file)) => {
      const form = new FormData();
      form.append('package_type', 'quick');
      form.append('file', new Blob([await readFile(file)]), name);
      return alice.upload(form);
    };
    const before = (await alice.call('GET', '/account/me')).json.credits_remaining;
    const results = [await send(tgz), await send(zip)];
    for (const r of results) expect(r.status).toBe(201);
    expect(results.map((r) => r.json.filename)).toEqual(['webapp.tar.gz', 'tool.zip']);
    expect(results[0]!.json.scan.project_name).toBe('webapp');
    // The worker's listing pass runs at intake: refused with its message, before any credit is spent.
    expect(await send(evil)).toMatchObject({ status: 400, json: { detail: 'Archive rejected: entry "../../escape.sh" escapes the extraction folder' } });
    expect(await send(corrupt)).toMatchObject({ status: 400, json: { detail: 'Archive is corrupt' } });
    const [good1, good2] = await Promise.all(results.map((r) => waitForScan(alice, r.json.scan.id)));
    expect([good1.status, good2.status]).toEqual(['completed', 'completed']);
    expect((await alice.call('GET', '/account/me')).json.credits_remaining).toBe(before - 2);

    const rar = path.join(files, 'x.rar');
    await writeFile(rar, 'rar');
    expect(await send(rar)).toMatchObject({ status: 400, json: { detail: MESSAGES.unsupportedFileType } });
    const noFile = new FormData();
    noFile.append('package_type', 'quick');
    expect(await alice.upload(noFile)).toMatchObject({ status: 400, json: { detail: MESSAGES.fileRequired } });
  }, 120_000);

  it('an upload over 100 MB answers the spec message', async () => {
    const form = new FormData();
    form.append('package_type', 'quick');
    form.append('file', new Blob([new Uint8Array(100 * 1024 * 1024 + 1)]), 'huge.zip');
    expect(await alice.upload(form)).toMatchObject({ status: 413, json: { detail: MESSAGES.fileTooLarge } });
  }, 60_000);

  it('a missing repository is refused at intake with an actionable message, uncharged', async () => {
    const before = (await alice.call('GET', '/account/me')).json.credits_remaining;
    const r = await alice.call('POST', '/scans/create', { project_url: `file://${repo}-missing`, package_type: 'quick' });
    expect(r).toMatchObject({ status: 400, json: { detail: 'Repository not found or not accessible' } });
    expect((await alice.call('GET', '/account/me')).json.credits_remaining).toBe(before);
  }, 60_000);

  it('20 concurrent creates with 5 credits create exactly 5 scans', async () => {
    const carol = await signUp(rt.url, 'carol');
    await setCredits(rt.runtime, carol.userId, 5);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => carol.call('POST', '/scans/create', { project_url: `file://${repo}`, package_type: 'quick' })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(15);
    for (const r of refused) expect(r).toMatchObject({ status: 402, json: { detail: MESSAGES.noCredits } });
    expect((await carol.call('GET', '/scans/list?limit=100')).json.total).toBe(5);
    expect((await carol.call('GET', '/account/me')).json.credits_remaining).toBe(0);
    // Ultra is unlimited: no credit check, nothing spent.
    await setCredits(rt.runtime, carol.userId, 0, 'ultra');
    expect((await carol.call('POST', '/scans/create', { project_url: `file://${repo}`, package_type: 'quick' })).status).toBe(201);
    expect((await carol.call('GET', '/account/me')).json.credits_remaining).toBe(0);
  }, 60_000);

  it('CLI upload: schema-checked, snippets refused, idempotent by scan token, PDF rendered by the worker', async () => {
    const links = await alice.call('GET', `/reports/${firstScanId}`);
    const report = (await (await fetch(`${rt.url}${links.json.json_url}`)).json()) as Json;
    const token = `tok_${Date.now()}_abcdefghijklmnop`;
    const withSnippets = { ...report, findings: report.findings.map((f: object) => ({ ...f, snippet: 'exec(x)' })) };
    const refused = await alice.call('POST', '/scans/cli-upload', { scan_token: token, package_type: 'quick', project_name: 'cli-app', report: withSnippets });
    expect(refused.status).toBe(400);
    expect(refused.json.detail).toMatch(/snippets/);
    const invalid = await alice.call('POST', '/scans/cli-upload', { scan_token: token, package_type: 'quick', project_name: 'cli-app', report: { hello: 1 } });
    expect(invalid.status).toBe(400);
    expect(invalid.json.detail).toMatch(/not a valid DueScan report/);

    const anonymized = { ...report, anonymized: true, findings: report.findings.map(({ snippet: _s, ...f }: { snippet?: string }) => f) };
    const before = (await alice.call('GET', '/account/me')).json.credits_remaining;
    const body = { scan_token: token, package_type: 'quick', project_name: 'cli-app', report: anonymized };
    const first = await alice.call('POST', '/scans/cli-upload', body);
    expect(first.status).toBe(201);
    expect(first.json.duplicate).toBe(false);
    const retries = await Promise.all([1, 2, 3].map(() => alice.call('POST', '/scans/cli-upload', body)));
    for (const r of retries) expect(r.json).toMatchObject({ duplicate: true, scan: { id: first.json.scan.id } });
    expect((await alice.call('GET', '/account/me')).json.credits_remaining).toBe(before - 1);
    const done = await waitForScan(alice, first.json.scan.id);
    expect(done).toMatchObject({ status: 'completed', project_name: 'cli-app', score: report.score.overall });
    const pdfLink = (await alice.call('GET', `/reports/${done.id}`)).json.report_url;
    expect((await fetch(`${rt.url}${pdfLink}`)).status).toBe(200);
  }, 90_000);

  it('retention: after 24 h the report answers 410, files are removed, the score stays', async () => {
    const scan = await createScanStore(rt.runtime.database).byId(firstScanId);
    const links = (await alice.call('GET', `/reports/${firstScanId}`)).json;
    await rt.runtime.database.executeSql(`update scans set completed_at = now() - interval '25 hours' where id = $1`, [firstScanId]);
    expect(await alice.call('GET', `/reports/${firstScanId}`)).toMatchObject({ status: 410, json: { detail: MESSAGES.reportExpired('24 hours') } });
    // Before the sweep removes the files, the list already stops offering the expired report.
    const unswept = (await alice.call('GET', '/scans/list?limit=100')).json.scans.find((s: { id: string }) => s.id === firstScanId);
    expect(unswept).toMatchObject({ status: 'completed', report_url: null });
    const download = await fetch(`${rt.url}${links.report_url}`);
    expect(download.status).toBe(410);
    const config = loadConfig(rt.env);
    const objects = await createObjectStore(config.storage);
    expect(await objects.exists(scan!.reportPdfPath!)).toBe(true);
    expect(await expireReports(createScanStore(rt.runtime.database), config.scans, objects)).toBeGreaterThanOrEqual(1);
    expect(await objects.list(`reports/${firstScanId}/`)).toEqual([]);
    const listed = (await alice.call('GET', '/scans/list?limit=100')).json.scans.find((s: { id: string }) => s.id === firstScanId);
    expect(listed).toMatchObject({ status: 'completed', report_url: null, score: scan!.score });
  });

  it('a scan left in processing by a dead worker (stale heartbeat) is picked up again and charged once', async () => {
    const erin = await signUp(rt.url, 'erin');
    await setCredits(rt.runtime, erin.userId, 4);
    // Exactly what a SIGKILLed worker leaves behind: processing, one attempt used, heartbeat long gone, charged.
    const { rows } = await rt.runtime.database.executeSql(
      `insert into scans (user_id, project_name, package_type, status, source_kind, source_ref, credits_charged, attempts, started_at, heartbeat_at)
       values ($1, 'orphan', 'quick', 'processing', 'url', $2, 1, 1, now() - interval '1 hour', now() - interval '1 hour') returning id`,
      [erin.userId, `file://${repo}`],
    );
    const id = (rows[0] as { id: string }).id;
    expect(await waitForScan(erin, id)).toMatchObject({ status: 'completed', project_name: 'orphan' });
    const after = await rt.runtime.database.executeSql('select attempts, refunded_at from scans where id = $1', [id]);
    expect(after.rows[0]).toMatchObject({ attempts: 2, refunded_at: null });
    expect((await erin.call('GET', '/account/me')).json.credits_remaining).toBe(4);
  }, 90_000);

  it('a server-side failure refunds the credit exactly once', async () => {
    const dave = await signUp(rt.url, 'dave');
    await setCredits(rt.runtime, dave.userId, 1);
    const r = await dave.call('POST', '/scans/create', { project_url: `file://${repo}`, package_type: 'quick' });
    await waitForScan(dave, r.json.id);
    const store = createScanStore(rt.runtime.database);
    await store.fail(r.json.id, 'Scan failed because of a server error. Your credit was refunded.', true);
    await store.fail(r.json.id, 'Scan failed because of a server error. Your credit was refunded.', true);
    expect((await dave.call('GET', '/account/me')).json.credits_remaining).toBe(1);
  }, 60_000);
});
