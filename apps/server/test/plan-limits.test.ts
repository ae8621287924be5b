// Plan enforcement on every intake path: web create, archive upload, CLI upload, and the transaction that all
// three go through (a plan read in the same transaction as the credit).
import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/errors';
import { loadConfig } from '../src/config';
import { createScanRow } from '../src/scans/create-scan';
import { createScanStore } from '../src/scans/scan-store';
import { writeZip } from './fixtures/archives';
import { ENGINES } from './helpers';
import { makeGitRepo, setCredits, signUp, startScanRuntime, type Client, type ScanRuntime } from './scan-runtime';

const refusal = (pkg: string, plan: string, included: string) =>
  `The ${pkg} package is not included in your ${plan} plan (included: ${included}). Upgrade on the Pricing page.`;

describe.each(ENGINES)('plan limits on %s', (engine) => {
  let rt: ScanRuntime;
  let zip: string;
  /** A real local repository as a file:// URL (the suite allows them): intake checks that it is reachable. */
  let projectUrl: string;

  beforeAll(async () => {
    rt = await startScanRuntime(engine);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'duescan-plan-'));
    zip = path.join(dir, 'app.zip');
    projectUrl = `file://${await makeGitRepo('plan-app')}`;
    writeZip(zip, [{ name: 'app.js', body: 'console.log(1)\n' }]);
  }, 120_000);
  afterAll(async () => {
    await rt?.close();
    await rt?.testDb.drop();
  });

  async function intakeStatuses(user: Client, pkg: string): Promise<{ status: number; detail?: string }[]> {
    const form = new FormData();
    form.append('package_type', pkg);
    form.append('file', new Blob([new Uint8Array(await readFile(zip))]), 'app.zip');
    const answers = [
      await user.call('POST', '/scans/create', { project_url: projectUrl, package_type: pkg }),
      await user.upload(form),
      await user.call('POST', '/scans/cli-upload', { scan_token: `tok_${Date.now()}_abcdefghijklmnopq`, package_type: pkg, project_name: 'cli', report: { hello: 1 } }),
    ];
    return answers.map((a) => ({ status: a.status, detail: a.json?.detail }));
  }

  it("refuses a free user's Ultra scan on every intake path, spending nothing", async () => {
    const free = await signUp(rt.url, 'free');
    const before = (await free.call('GET', '/account/me')).json.credits_remaining;
    for (const answer of await intakeStatuses(free, 'ultra')) {
      expect(answer).toEqual({ status: 403, detail: refusal('Ultra', 'Free', 'Quick') });
    }
    expect((await free.call('GET', '/account/me')).json.credits_remaining).toBe(before);
    expect((await free.call('GET', '/scans/list')).json.total).toBe(0);
  });

  it('lets a Pro user run Quick and Pro, not Enterprise', async () => {
    const pro = await signUp(rt.url, 'pro');
    await setCredits(rt.runtime, pro.userId, 5, 'pro');
    for (const answer of await intakeStatuses(pro, 'enterprise')) {
      expect(answer).toEqual({ status: 403, detail: refusal('Enterprise', 'Pro', 'Quick, Pro') });
    }
    const created = await pro.call('POST', '/scans/create', { project_url: projectUrl, package_type: 'pro' });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect((await pro.call('GET', '/account/me')).json.credits_remaining).toBe(4);
  });

  it('checks the plan inside the credit transaction too (a plan lowered after sign-in)', async () => {
    const user = await signUp(rt.url, 'lowered');
    await setCredits(rt.runtime, user.userId, 5, 'free');
    const database = rt.runtime.database;
    const deps = { database, store: createScanStore(database), boss: rt.runtime.boss, config: loadConfig(rt.env).scans };
    const attempt = createScanRow(deps, {
      userId: user.userId,
      projectName: 'p',
      packageType: 'enterprise',
      sourceKind: 'url',
      sourceRef: projectUrl,
      webhookUrl: null,
    });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ status: 403 });
    expect((await user.call('GET', '/account/me')).json.credits_remaining).toBe(5);
  });
});
