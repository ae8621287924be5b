// Web scans with third-party models configured by the operator: the worker runs the engine, then the models
// (loopback fakes speaking the OpenAI-compatible and Anthropic wire formats), and the stored report carries the
// votes; a provider failing with 500s leaves the scan completed, with that model counted as "no answer".
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoScript, startFakeAnthropic, startFakeOpenAi, type FakeModelServer } from '@duescan/ai/testing';
import { makeGitRepo, setCredits, signUp, startScanRuntime, waitForScan, type Client, type Json, type ScanRuntime } from './scan-runtime';

describe('scan job with AI_MODELS configured (pglite)', () => {
  let rt: ScanRuntime;
  let alice: Client;
  let repo: string;
  let openai: FakeModelServer;
  let anthropic: FakeModelServer;

  beforeAll(async () => {
    repo = await makeGitRepo('ai-app');
    openai = await startFakeOpenAi(demoScript());
    // The Anthropic model is down: every attempt answers 500.
    anthropic = await startFakeAnthropic(() => ({ status: 500 }));
    rt = await startScanRuntime('pglite', {
      AI_MODELS: 'openai:fake-gpt,anthropic:fake-claude',
      AI_OPENAI_API_KEY: 'sk-fake',
      AI_OPENAI_BASE_URL: openai.baseUrl,
      AI_ANTHROPIC_API_KEY: 'ak-fake',
      AI_ANTHROPIC_BASE_URL: anthropic.baseUrl,
    });
    alice = await signUp(rt.url, 'alice');
    await setCredits(rt.runtime, alice.userId, 1, 'pro');
  }, 120_000);
  afterAll(async () => {
    await rt?.close();
    await rt?.testDb.drop();
    await Promise.all([openai?.close(), anthropic?.close()]);
    if (repo) rmSync(path.dirname(repo), { recursive: true, force: true });
  });

  it('stores the vote on the report and keeps the scan completed when one provider fails', async () => {
    const created = await alice.call('POST', '/scans/create', { project_url: `file://${repo}`, package_type: 'pro' });
    expect(created.status).toBe(201);
    const done = await waitForScan(alice, created.json.id);
    expect(done.status).toBe('completed');
    const links = await alice.call('GET', `/reports/${created.json.id}`);
    const report = (await (await fetch(`${rt.url}${links.json.json_url}`)).json()) as Json;
    const voted = report.findings.filter((f: Json) => f.aiReview);
    expect(voted.length).toBeGreaterThan(0);
    expect(voted[0].aiReview).toMatchObject({ agreement: 'single', majority: 'true_positive', noAnswer: [{ provider: 'anthropic', reason: 'http-error' }] });
    expect(report.ai.models.map((m: Json) => m.model)).toEqual(['fake-gpt', 'fake-claude']);
    expect(openai.requests.length).toBe(voted.length);
    // First attempt plus three retries per finding.
    expect(anthropic.requests.length).toBe(voted.length * 4);
    // The code excerpt went only to the configured base URLs, with the key.
    expect(openai.requests[0]!.headers.authorization).toBe('Bearer sk-fake');
    expect(JSON.stringify(openai.requests[0]!.body)).toContain("exec('ls ' + req.query.dir");
  }, 120_000);
});
