// `duescan scan --ai`: the real CLI process against loopback fake providers (OpenAI-compatible and Anthropic wire
// formats). Without --ai nothing is sent, even with keys and base URLs in the environment.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoScript, startFakeAnthropic, startFakeOpenAi, type FakeModelServer } from '@duescan/ai/testing';
import type { Report } from '@duescan/engine';

const BIN = fileURLToPath(new URL('../bin/duescan.mjs', import.meta.url));
const FIXTURE = fileURLToPath(new URL('./fixtures/vuln-app', import.meta.url));

let work: string;
let openai: FakeModelServer;
let anthropic: FakeModelServer;
let env: Record<string, string>;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'duescan-cli-ai-'));
  openai = await startFakeOpenAi(demoScript());
  anthropic = await startFakeAnthropic(demoScript());
  env = {
    NO_COLOR: '1',
    XDG_CONFIG_HOME: join(work, 'config'),
    DUESCAN_OPENAI_API_KEY: 'sk-fake',
    DUESCAN_OPENAI_BASE_URL: openai.baseUrl,
    DUESCAN_ANTHROPIC_API_KEY: 'ak-fake',
    DUESCAN_ANTHROPIC_BASE_URL: anthropic.baseUrl,
  };
});
afterAll(async () => {
  await Promise.all([openai.close(), anthropic.close()]);
  await rm(work, { recursive: true, force: true });
});

function duescan(args: string[], extraEnv: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { timeout: 120_000, env: { ...process.env, ...env, ...extraEnv } }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 99) : 0, stdout, stderr });
    });
  });
}

const requests = () => openai.requests.length + anthropic.requests.length;

describe('duescan scan --ai', () => {
  it('sends nothing without --ai', async () => {
    const out = join(work, 'plain');
    const r = await duescan(['scan', FIXTURE, '--package', 'pro', '--format', 'json', '--out', out, '--threads', '1', '-q']);
    expect(r.code).toBe(0);
    expect(requests()).toBe(0);
    const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8')) as Report;
    expect(report.ai).toBeUndefined();
    expect(report.findings.some((f) => f.aiReview)).toBe(false);
  }, 120_000);

  it('refuses a bad model list before scanning, with exit 2', async () => {
    const r = await duescan(['scan', FIXTURE, '--ai', 'gemini:pro']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--ai: "gemini:pro": the provider must be one of openai, anthropic');
    const noKey = await duescan(['scan', FIXTURE, '--ai', 'anthropic:claude-x'], { DUESCAN_ANTHROPIC_API_KEY: '' });
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain('DUESCAN_ANTHROPIC_API_KEY');
    expect(requests()).toBe(0);
  }, 60_000);

  it('puts the vote on the report and in the HTML, then answers a rescan from the cache', async () => {
    const out = join(work, 'ai');
    const args = ['scan', FIXTURE, '--package', 'pro', '--format', 'json,html', '--out', out, '--threads', '1', '--ai', 'openai:fake-gpt,anthropic:fake-claude'];
    const r = await duescan(args);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('AI review: asking openai:fake-gpt, anthropic:fake-claude');
    const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8')) as Report;
    const voted = report.findings.filter((f) => f.aiReview);
    expect(voted.length).toBeGreaterThan(0);
    expect(voted[0]!.aiReview!.votes.map((v) => v.model)).toEqual(['fake-gpt', 'fake-claude']);
    expect(report.ai!.sent.length).toBe(voted.length * 2);
    expect(await readFile(join(out, 'report.html'), 'utf8')).toContain('Vote: the models agree');
    const sent = requests();
    expect(sent).toBe(voted.length * 2);

    const again = await duescan(args);
    expect(again.code).toBe(0);
    expect(requests()).toBe(sent);
  }, 240_000);
});
