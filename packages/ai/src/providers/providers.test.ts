// The adapters against loopback servers that speak each provider's wire format: request shape, answer and
// usage parsing, retries on 429 (Retry-After) and 5xx, no retry on 401, timeouts.
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeAnthropic, startFakeOpenAi, type FakeModelServer } from '../testing';
import { ProviderError, type ChatRequest } from '../types';
import { anthropicProvider, ANTHROPIC_VERSION } from './anthropic';
import { openAiProvider } from './openai';

const FAST = { retries: 3, baseDelayMs: 0, maxDelayMs: 5_000, timeoutMs: 5_000 };
const REQUEST: ChatRequest = { system: 'Answer in JSON.', messages: [{ role: 'user', content: 'Is this real? Reply as json.' }], maxOutputTokens: 300 };

let servers: FakeModelServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});
const keep = (s: FakeModelServer) => (servers.push(s), s);

describe('OpenAI-compatible adapter', () => {
  it('sends a chat completion in JSON mode and reads the answer and usage', async () => {
    const fake = keep(await startFakeOpenAi(() => ({ answer: { verdict: 'uncertain' }, inputTokens: 120, outputTokens: 9 })));
    const provider = openAiProvider({ model: 'gpt-test', baseUrl: fake.baseUrl, apiKey: 'sk-test', retry: FAST });
    const out = await provider.chat(REQUEST);
    expect(JSON.parse(out.text)).toEqual({ verdict: 'uncertain' });
    expect(out.usage).toEqual({ inputTokens: 120, outputTokens: 9 });
    const [req] = fake.requests;
    expect(req!.headers.authorization).toBe('Bearer sk-test');
    expect(req!.body).toMatchObject({
      model: 'gpt-test',
      max_tokens: 300,
      response_format: { type: 'json_object' },
      messages: [{ role: 'system', content: 'Answer in JSON.' }, { role: 'user', content: 'Is this real? Reply as json.' }],
    });
  });

  it('waits as long as Retry-After says on 429, then succeeds', async () => {
    const fake = keep(await startFakeOpenAi(({ index }) => (index === 0 ? { status: 429, retryAfter: '1' } : { answer: '{}' })));
    const provider = openAiProvider({ model: 'gpt-test', baseUrl: fake.baseUrl, apiKey: 'sk-test', retry: FAST });
    const started = Date.now();
    await provider.chat(REQUEST);
    // baseDelayMs is 0, so only the header can explain the wait.
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(fake.requests).toHaveLength(2);
  });

  it('gives up after the retries on repeated 500s, with the status in the error', async () => {
    const fake = keep(await startFakeOpenAi(() => ({ status: 500 })));
    const provider = openAiProvider({ model: 'gpt-test', baseUrl: fake.baseUrl, apiKey: 'sk-test', retry: { ...FAST, retries: 2 } });
    const error = await provider.chat(REQUEST).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: 'http-error', status: 500 });
    expect(fake.requests).toHaveLength(3);
  });

  it('does not retry a rejected key', async () => {
    const fake = keep(await startFakeOpenAi(() => ({ answer: '{}' })));
    const provider = openAiProvider({ model: 'gpt-test', baseUrl: fake.baseUrl, retry: FAST });
    await expect(provider.chat(REQUEST)).rejects.toMatchObject({ kind: 'http-error', status: 401 });
    expect(fake.requests).toHaveLength(1);
  });

  it('times out a model that never answers, without retrying', async () => {
    const fake = keep(await startFakeOpenAi(() => ({ hang: true })));
    const provider = openAiProvider({ model: 'gpt-test', baseUrl: fake.baseUrl, apiKey: 'sk-test', retry: { ...FAST, timeoutMs: 300 } });
    const started = Date.now();
    await expect(provider.chat(REQUEST)).rejects.toMatchObject({ kind: 'timeout' });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(fake.requests).toHaveLength(1);
  });
});

describe('Anthropic Messages adapter', () => {
  it('sends the key, the API version and a top-level system prompt, and reads text blocks and usage', async () => {
    const fake = keep(await startFakeAnthropic(() => ({ answer: '{"ok":true}', inputTokens: 77, outputTokens: 5 })));
    const provider = anthropicProvider({ model: 'claude-test', baseUrl: fake.baseUrl, apiKey: 'ak-test', retry: FAST });
    const out = await provider.chat(REQUEST);
    expect(out).toEqual({ text: '{"ok":true}', usage: { inputTokens: 77, outputTokens: 5 } });
    const [req] = fake.requests;
    expect(req!.headers['x-api-key']).toBe('ak-test');
    expect(req!.headers['anthropic-version']).toBe(ANTHROPIC_VERSION);
    expect(req!.body).toMatchObject({ model: 'claude-test', max_tokens: 300, system: 'Answer in JSON.', messages: REQUEST.messages });
  });

  it('honours an HTTP-date Retry-After and retries 529 overloaded', async () => {
    const fake = keep(
      await startFakeAnthropic(({ index }) =>
        index === 0 ? { status: 429, retryAfter: new Date(Date.now() + 2_000).toUTCString() } : index === 1 ? { status: 529 } : { answer: '{}' },
      ),
    );
    const provider = anthropicProvider({ model: 'claude-test', baseUrl: fake.baseUrl, apiKey: 'ak-test', retry: FAST });
    const started = Date.now();
    await provider.chat(REQUEST);
    // An HTTP date has one-second resolution: "now + 2 s" rounds down to at least one second ahead.
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(fake.requests).toHaveLength(3);
  });
});
