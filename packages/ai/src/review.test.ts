// The orchestrator end to end over HTTP: two loopback fakes (OpenAI-compatible and Anthropic wire formats),
// three models, scripted per test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { reportValidator } from '../../engine/src/testing/schemas';
import { jsonFileCache } from './cache';
import { anthropicProvider } from './providers/anthropic';
import { openAiProvider } from './providers/openai';
import { reviewReport, type ReviewOptions } from './review';
import { startFakeAnthropic, startFakeOpenAi, type Behavior, type FakeModelServer, type ScriptInput } from './testing';
import { CMDI, FIXTURE_KEY, fixtureReport, IDOR, LOW, SQLI, writeFixtureProject } from './testing/fixture-report';

const FAST = { retries: 2, baseDelayMs: 0, maxDelayMs: 2_000, timeoutMs: 5_000 };
const project = writeFixtureProject();
afterAll(() => rmSync(project.root, { recursive: true, force: true }));

type Verdict = 'true_positive' | 'false_positive' | 'uncertain';
const vote = (verdict: Verdict, confidence = 0.8): Behavior => ({ answer: { verdict, confidence, reasoning: `Judged ${verdict} from line 9.`, fix: 'Bind parameters.' } });
const SCENARIO: Behavior = { answer: { preconditions: ['The /u route is reachable.'], steps: ["Send name=' OR '1'='1."], impact: 'Every user row is read.' } };
const isScenario = (input: ScriptInput) => input.text.includes('exploitation scenario');

let servers: FakeModelServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

/** Two OpenAI-compatible models on one fake and one Anthropic model on another; `script` answers per model. */
async function models(script: (model: string, input: ScriptInput) => Behavior, retry = FAST) {
  const openai = await startFakeOpenAi((input) => script(input.model, input));
  const anthropic = await startFakeAnthropic((input) => script(input.model, input));
  servers.push(openai, anthropic);
  const providers = [
    openAiProvider({ model: 'gpt-a', baseUrl: openai.baseUrl, apiKey: 'sk-test', retry }),
    openAiProvider({ model: 'gpt-b', baseUrl: openai.baseUrl, apiKey: 'sk-test', retry }),
    anthropicProvider({ model: 'claude-c', baseUrl: anthropic.baseUrl, apiKey: 'ak-test', retry }),
  ];
  return { openai, anthropic, providers, requests: () => [...openai.requests, ...anthropic.requests] };
}

const base = (providers: ReviewOptions['providers'], extra: Partial<ReviewOptions> = {}): ReviewOptions => ({ providers, readFile: project.readFile, concurrency: 4, ...extra });

describe('reviewReport', () => {
  it('returns the report untouched when no model is configured', async () => {
    const report = fixtureReport('pro');
    expect(await reviewReport(report, base([]))).toBe(report);
  });

  it('records agreement, sends only the bounded redacted context, and changes no severity or score', async () => {
    const m = await models(() => vote('true_positive'));
    const report = fixtureReport('pro', [SQLI, LOW]);
    const out = await reviewReport(report, base(m.providers));
    const sqli = out.findings.find((f) => f.id === SQLI.id)!;
    expect(sqli.aiReview).toMatchObject({ kind: 'finding', agreement: 'agree', majority: 'true_positive', noAnswer: [] });
    expect(sqli.aiReview!.votes.map((v) => `${v.provider}:${v.model}`)).toEqual(['openai:gpt-a', 'openai:gpt-b', 'anthropic:claude-c']);
    expect(out.findings.find((f) => f.id === LOW.id)!.aiReview).toBeUndefined();
    expect(out.findings.map((f) => f.severity)).toEqual(report.findings.map((f) => f.severity));
    expect(out.score).toEqual(report.score);
    // What left the machine: the finding's file, lines 1-19 around line 9 and its trace (radius 8 covers all).
    expect(out.ai!.sent).toHaveLength(3);
    expect(out.ai!.sent[0]).toMatchObject({ findingId: SQLI.id, file: 'app/views.py', lines: '1-17' });
    for (const req of m.requests()) {
      const text = JSON.stringify(req.body);
      expect(text).toContain('SELECT * FROM users');
      expect(text).not.toContain(FIXTURE_KEY);
      expect(text).not.toContain('Order.query.get');
    }
    expect(out.ai!.models.map((r) => [r.model, r.asked, r.truePositive])).toEqual([['gpt-a', 1, 1], ['gpt-b', 1, 1], ['claude-c', 1, 1]]);
  });

  it('labels a 2-1 vote dissent and a three-way vote split', async () => {
    const verdicts: Record<string, Record<string, Verdict>> = {
      'SQL injection': { 'gpt-a': 'true_positive', 'gpt-b': 'true_positive', 'claude-c': 'false_positive' },
      'OS command injection': { 'gpt-a': 'true_positive', 'gpt-b': 'false_positive', 'claude-c': 'uncertain' },
    };
    const m = await models((model, input) => vote(verdicts[input.text.includes('OS command') ? 'OS command injection' : 'SQL injection']![model]!));
    const out = await reviewReport(fixtureReport('pro', [SQLI, CMDI]), base(m.providers));
    expect(out.findings[0]!.aiReview).toMatchObject({ agreement: 'dissent', majority: 'true_positive' });
    expect(out.findings[1]!.aiReview).toMatchObject({ agreement: 'split', majority: null });
  });

  it('repairs one malformed answer and counts a second as no answer, never as a verdict', async () => {
    const m = await models((model, input) => {
      // One call at a time: gpt-a's first answer is the OpenAI fake's first request, its repair the second.
      if (model === 'gpt-a') return input.index === 0 ? { answer: 'Sure! It is a true positive.' } : vote('true_positive');
      if (model === 'gpt-b') return { answer: { verdict: 'probably', confidence: 2, reasoning: 'x' } };
      return vote('true_positive');
    });
    const out = await reviewReport(fixtureReport('pro', [SQLI]), base(m.providers, { concurrency: 1 }));
    const review = out.findings[0]!.aiReview!;
    expect(review.votes.map((v) => v.model)).toEqual(['gpt-a', 'claude-c']);
    expect(review.noAnswer).toEqual([expect.objectContaining({ model: 'gpt-b', reason: 'malformed' })]);
    expect(review.agreement).toBe('agree');
    const gptA = m.openai.requests.filter((r) => r.body.model === 'gpt-a');
    expect(gptA).toHaveLength(2);
    expect(JSON.stringify(gptA[1]!.body.messages)).toContain('could not be used');
    expect(m.openai.requests.filter((r) => r.body.model === 'gpt-b')).toHaveLength(2);
  });

  it('counts a timeout and a model failing with 500s as no answer and keeps the other votes', async () => {
    const m = await models((model) => (model === 'gpt-a' ? { hang: true } : model === 'gpt-b' ? { status: 500 } : vote('false_positive', 0.9)), { ...FAST, timeoutMs: 300 });
    const out = await reviewReport(fixtureReport('pro', [SQLI]), base(m.providers));
    const review = out.findings[0]!.aiReview!;
    expect(review.noAnswer.map((n) => [n.model, n.reason])).toEqual([['gpt-a', 'timeout'], ['gpt-b', 'http-error']]);
    expect(review).toMatchObject({ agreement: 'single', majority: 'false_positive' });
    // 500: first attempt plus two retries.
    expect(m.openai.requests.filter((r) => r.body.model === 'gpt-b')).toHaveLength(3);
  });

  it('rides out a 429 with Retry-After and still gets the vote', async () => {
    let limited = false;
    const m = await models((model) => {
      if (model === 'claude-c' && !limited) {
        limited = true;
        return { status: 429, retryAfter: '1' };
      }
      return vote('true_positive');
    });
    const out = await reviewReport(fixtureReport('pro', [SQLI]), base(m.providers));
    expect(out.findings[0]!.aiReview!.votes).toHaveLength(3);
    expect(m.anthropic.requests).toHaveLength(2);
  });

  it('stops when the token budget runs out mid-scan and says so', async () => {
    const m = await models(() => ({ ...(vote('true_positive') as object), inputTokens: 400, outputTokens: 100 }) as Behavior);
    const out = await reviewReport(fixtureReport('pro', [SQLI, CMDI]), base(m.providers, { concurrency: 1, budget: { maxTokens: 1_000 } }));
    // One call at a time: the first two calls spend 1,000 tokens, so the third model and the second finding get nothing.
    expect(m.requests()).toHaveLength(2);
    expect(out.ai).toMatchObject({ selected: 2, reviewed: 1, budgetStop: 'tokens' });
    expect(out.findings[0]!.aiReview!.noAnswer).toEqual([expect.objectContaining({ model: 'claude-c', reason: 'budget' })]);
    expect(out.findings[1]!.aiReview).toBeUndefined();
  });

  it('stops at the findings limit', async () => {
    const m = await models(() => vote('true_positive'));
    const out = await reviewReport(fixtureReport('pro', [SQLI, CMDI]), base(m.providers, { budget: { maxFindings: 1 } }));
    expect(out.ai).toMatchObject({ reviewed: 1, budgetStop: 'findings' });
    expect(m.requests()).toHaveLength(3);
  });

  describe('cache', () => {
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'duescan-ai-cache-'));
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('answers a second scan from the cache file without calling any provider', async () => {
      const m = await models(() => vote('true_positive'));
      const path = join(dir, 'ai-cache.json');
      const first = await reviewReport(fixtureReport('pro', [SQLI]), base(m.providers, { cache: jsonFileCache(path) }));
      expect(m.requests()).toHaveLength(3);
      const second = await reviewReport(fixtureReport('pro', [SQLI]), base(m.providers, { cache: jsonFileCache(path) }));
      expect(m.requests()).toHaveLength(3);
      expect(second.findings[0]!.aiReview).toEqual(first.findings[0]!.aiReview);
      expect(second.ai!.models.map((r) => [r.asked, r.cached])).toEqual([[0, 1], [0, 1], [0, 1]]);
      expect(second.ai!.sent).toEqual([]);
    });
  });

  it('reviews flagged IDOR routes with the access-control prompt on Enterprise, and not on Pro', async () => {
    const m = await models(() => vote('true_positive'));
    const enterprise = await reviewReport(fixtureReport('enterprise', [IDOR]), base(m.providers));
    expect(enterprise.findings[0]!.aiReview).toMatchObject({ kind: 'idor', agreement: 'agree' });
    expect(JSON.stringify(m.openai.requests[0]!.body)).toContain('CWE-639');
    expect(JSON.stringify(m.openai.requests[0]!.body)).toContain('Order.query.get');
    const pro = await reviewReport(fixtureReport('pro', [{ ...IDOR, id: 'not-in-sample-0000' }]), base(m.providers, { select: { mediumSampleRate: 0 } }));
    expect(pro.findings[0]!.aiReview).toBeUndefined();
  });

  it('writes an exploitation scenario on Ultra for a confirmed critical finding, from its most confident confirming model', async () => {
    const m = await models((model, input) => (isScenario(input) ? SCENARIO : vote(model === 'gpt-b' ? 'true_positive' : model === 'claude-c' ? 'true_positive' : 'false_positive', model === 'claude-c' ? 0.95 : 0.7)));
    const out = await reviewReport(fixtureReport('ultra', [SQLI]), base(m.providers));
    const review = out.findings[0]!.aiReview!;
    expect(review.majority).toBe('true_positive');
    expect(review.scenario).toMatchObject({ provider: 'anthropic', model: 'claude-c', impact: 'Every user row is read.' });
    expect(m.anthropic.requests.filter(isScenarioRequest)).toHaveLength(1);
    expect(out.ai!.models.find((r) => r.model === 'claude-c')!.scenarios).toBe(1);
  });

  it('writes no scenario when the vote does not confirm the finding', async () => {
    const m = await models((_model, input) => (isScenario(input) ? SCENARIO : vote('false_positive')));
    const out = await reviewReport(fixtureReport('ultra', [SQLI]), base(m.providers));
    expect(out.findings[0]!.aiReview!.scenario).toBeUndefined();
    expect(m.requests()).toHaveLength(3);
  });

  it('writes reports the published report schema accepts', async () => {
    const m = await models((model, input) => (isScenario(input) ? SCENARIO : vote(model === 'gpt-a' ? 'uncertain' : 'true_positive')));
    const out = await reviewReport(fixtureReport('ultra'), base(m.providers));
    expect(out.findings.some((f) => f.aiReview?.scenario)).toBe(true);
    expect(reportValidator()(out)).toEqual([]);
  });
});

function isScenarioRequest(req: { body: Record<string, unknown> }): boolean {
  return JSON.stringify(req.body).includes('exploitation scenario');
}
