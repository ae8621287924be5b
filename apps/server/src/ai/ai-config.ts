// Operator settings for third-party model review of web scans (merged into the one environment schema in
// ../config.ts). Off unless AI_MODELS is set: no code excerpt leaves the server otherwise. The model list, keys
// and base URLs are checked at boot, so a typo stops the server with a message instead of failing every scan.
import path from 'node:path';
import { z } from 'zod';
import { AiConfigError, buildProviders, parseModelSpecs, type ModelSpec, type ProviderEnv } from '@duescan/ai';

const empty = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optional = z.preprocess(empty, z.string().optional());
const int = (min: number, max: number, fallback: number) => z.preprocess(empty, z.coerce.number().int().min(min).max(max).default(fallback));
const seconds = (name: string, fallback: string) =>
  z.preprocess(empty, z.string().regex(/^\d+[sm]$/, `${name} must look like 60s or 10m`).default(fallback));

export const AI_ENV = {
  /** provider:model,... e.g. "openai:gpt-4o-mini,anthropic:claude-sonnet-4-5". */
  AI_MODELS: optional,
  AI_OPENAI_API_KEY: optional,
  AI_OPENAI_BASE_URL: optional,
  AI_ANTHROPIC_API_KEY: optional,
  AI_ANTHROPIC_BASE_URL: optional,
  /** Per scan: findings sent, tokens spent (providers' usage), wall time of the review. */
  AI_MAX_FINDINGS: int(1, 10_000, 50),
  AI_MAX_TOKENS: int(1_000, 100_000_000, 400_000),
  AI_MAX_TIME: seconds('AI_MAX_TIME', '10m'),
  AI_CONCURRENCY: int(1, 64, 4),
  AI_REQUEST_TIMEOUT: seconds('AI_REQUEST_TIMEOUT', '60s'),
};

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- only its type is needed
const ZAiEnv = z.object(AI_ENV);
type AiEnv = z.infer<typeof ZAiEnv>;

export interface AiConfig {
  models: ModelSpec[];
  providerEnv: ProviderEnv;
  budget: { maxFindings: number; maxTokens: number; maxWallMs: number };
  concurrency: number;
  requestTimeoutMs: number;
  cachePath: string;
}

const toMs = (v: string) => Number(v.slice(0, -1)) * (v.endsWith('m') ? 60_000 : 1000);

/** Null when AI_MODELS is unset. Throws AiConfigError (named variable, what to set) on a bad list or missing key. */
export function toAiConfig(env: AiEnv, dataDir: string): AiConfig | null {
  if (!env.AI_MODELS) return null;
  const rename = (e: unknown) => {
    if (e instanceof AiConfigError) throw new AiConfigError(`AI_MODELS: ${e.message.replace(/DUESCAN_(OPENAI|ANTHROPIC)_/g, 'AI_$1_')}`);
    throw e;
  };
  const providerEnv: ProviderEnv = {
    openaiApiKey: env.AI_OPENAI_API_KEY,
    openaiBaseUrl: env.AI_OPENAI_BASE_URL,
    anthropicApiKey: env.AI_ANTHROPIC_API_KEY,
    anthropicBaseUrl: env.AI_ANTHROPIC_BASE_URL,
  };
  let models: ModelSpec[] = [];
  try {
    models = parseModelSpecs(env.AI_MODELS);
    buildProviders(models, providerEnv);
  } catch (e) {
    rename(e);
  }
  return {
    models,
    providerEnv,
    budget: { maxFindings: env.AI_MAX_FINDINGS, maxTokens: env.AI_MAX_TOKENS, maxWallMs: toMs(env.AI_MAX_TIME) },
    concurrency: env.AI_CONCURRENCY,
    requestTimeoutMs: toMs(env.AI_REQUEST_TIMEOUT),
    cachePath: path.join(dataDir, 'ai-cache.json'),
  };
}
