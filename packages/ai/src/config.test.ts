import { describe, expect, it } from 'vitest';
import { AiConfigError, buildProviders, parseModelSpecs } from './config';

describe('parseModelSpecs', () => {
  it('reads provider:model lists, model ids with colons included', () => {
    expect(parseModelSpecs('openai:gpt-4o-mini, anthropic:claude-sonnet-4-5,openai:llama3.1:8b')).toEqual([
      { provider: 'openai', model: 'gpt-4o-mini' },
      { provider: 'anthropic', model: 'claude-sonnet-4-5' },
      { provider: 'openai', model: 'llama3.1:8b' },
    ]);
  });

  it.each(['', 'gpt-4o', 'google:gemini', 'openai:', 'openai:bad model'])('rejects %j with a message that shows the form', (text) => {
    expect(() => parseModelSpecs(text)).toThrow(AiConfigError);
    expect(() => parseModelSpecs(text)).toThrow(/provider:model|model id/);
  });
});

describe('buildProviders', () => {
  it('needs the key of each hosted provider', () => {
    expect(() => buildProviders([{ provider: 'anthropic', model: 'c' }], {})).toThrow(/DUESCAN_ANTHROPIC_API_KEY/);
    expect(() => buildProviders([{ provider: 'openai', model: 'g' }], {})).toThrow(/DUESCAN_OPENAI_API_KEY/);
  });

  it('accepts a keyless self-hosted server on this machine but never plain http across the network', () => {
    expect(buildProviders([{ provider: 'openai', model: 'llama3' }], { openaiBaseUrl: 'http://127.0.0.1:11434' })[0]).toMatchObject({ provider: 'openai', model: 'llama3' });
    expect(() => buildProviders([{ provider: 'openai', model: 'llama3' }], { openaiBaseUrl: 'http://10.0.0.5:11434' })).toThrow(/https/);
    expect(() => buildProviders([{ provider: 'anthropic', model: 'c' }], { anthropicApiKey: 'k', anthropicBaseUrl: 'not a url' })).toThrow(/not a URL/);
  });
});
