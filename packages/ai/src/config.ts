// Which models to ask, from the CLI's `--ai provider:model,...` or the server's operator settings, with keys and
// base URLs from the environment. Validated here so a typo fails before any code is read, with a message that
// says what to set.
import { AI_PROVIDERS, type AiProvider } from '@duescan/contracts';
import type { RetryPolicy } from './http/post-json';
import { anthropicProvider } from './providers/anthropic';
import { openAiProvider } from './providers/openai';
import type { ModelProvider } from './types';

export interface ModelSpec {
  provider: AiProvider;
  model: string;
}

export class AiConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AiConfigError';
  }
}

const MODEL_ID = /^[A-Za-z0-9][A-Za-z0-9._:/@-]{0,199}$/;

/** "openai:gpt-4o-mini,anthropic:claude-sonnet-4-5" -> specs. The model id may itself contain ':' (Ollama tags). */
export function parseModelSpecs(text: string): ModelSpec[] {
  const parts = text.split(',').map((s) => s.trim()).filter(Boolean);
  if (parts.length === 0) throw new AiConfigError('No model given: use provider:model, e.g. openai:gpt-4o-mini or anthropic:claude-sonnet-4-5.');
  return parts.map((part) => {
    const colon = part.indexOf(':');
    const provider = colon > 0 ? part.slice(0, colon) : '';
    const model = colon > 0 ? part.slice(colon + 1) : '';
    if (!(AI_PROVIDERS as readonly string[]).includes(provider)) {
      throw new AiConfigError(`"${part}": the provider must be one of ${AI_PROVIDERS.join(', ')} (provider:model, e.g. openai:gpt-4o-mini).`);
    }
    if (!MODEL_ID.test(model)) throw new AiConfigError(`"${part}": give a model id after the colon (letters, digits, . _ - : / @).`);
    return { provider: provider as AiProvider, model };
  });
}

export interface ProviderEnv {
  openaiApiKey?: string;
  openaiBaseUrl?: string;
  anthropicApiKey?: string;
  anthropicBaseUrl?: string;
}

export const DEFAULT_BASE_URL: Record<AiProvider, string> = { openai: 'https://api.openai.com', anthropic: 'https://api.anthropic.com' };

/** The CLI's environment variables (the server maps its own validated config onto the same shape). */
export function providerEnvFrom(env: NodeJS.ProcessEnv): ProviderEnv {
  return {
    openaiApiKey: env.DUESCAN_OPENAI_API_KEY || undefined,
    openaiBaseUrl: env.DUESCAN_OPENAI_BASE_URL || undefined,
    anthropicApiKey: env.DUESCAN_ANTHROPIC_API_KEY || undefined,
    anthropicBaseUrl: env.DUESCAN_ANTHROPIC_BASE_URL || undefined,
  };
}

function checkUrl(url: string, name: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new AiConfigError(`${name} is not a URL: give the server's address, e.g. http://127.0.0.1:11434.`);
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname);
  // Code excerpts travel in the request: never in clear text across a network.
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && loopback)) {
    throw new AiConfigError(`${name} must use https (plain http is accepted only for a server on this machine).`);
  }
  return url;
}

export function buildProviders(specs: ModelSpec[], env: ProviderEnv, retry?: RetryPolicy): ModelProvider[] {
  return specs.map((spec) => {
    if (spec.provider === 'openai') {
      const baseUrl = checkUrl(env.openaiBaseUrl ?? DEFAULT_BASE_URL.openai, 'DUESCAN_OPENAI_BASE_URL');
      // A self-hosted OpenAI-compatible server (Ollama, vLLM, LM Studio) often has no key; OpenAI itself always needs one.
      if (!env.openaiApiKey && !env.openaiBaseUrl) throw new AiConfigError(`${spec.provider}:${spec.model} needs DUESCAN_OPENAI_API_KEY (or DUESCAN_OPENAI_BASE_URL for a self-hosted server).`);
      return openAiProvider({ model: spec.model, baseUrl, apiKey: env.openaiApiKey, retry });
    }
    const baseUrl = checkUrl(env.anthropicBaseUrl ?? DEFAULT_BASE_URL.anthropic, 'DUESCAN_ANTHROPIC_BASE_URL');
    if (!env.anthropicApiKey) throw new AiConfigError(`${spec.provider}:${spec.model} needs DUESCAN_ANTHROPIC_API_KEY.`);
    return anthropicProvider({ model: spec.model, baseUrl, apiKey: env.anthropicApiKey, retry });
  });
}
