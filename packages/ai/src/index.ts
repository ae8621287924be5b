// Public API of @duescan/ai: third-party models judging the engine's findings.
export { reviewReport, type ReviewOptions } from './review';
export { openAiProvider, type OpenAiOptions } from './providers/openai';
export { anthropicProvider, ANTHROPIC_VERSION, type AnthropicOptions } from './providers/anthropic';
export { parseModelSpecs, buildProviders, providerEnvFrom, AiConfigError, DEFAULT_BASE_URL, type ModelSpec, type ProviderEnv } from './config';
export { jsonFileCache, memoryCache, type AnswerCache } from './cache';
export { DEFAULT_BUDGET, type BudgetLimits } from './budget';
export { DEFAULT_RETRY, type RetryPolicy } from './http/post-json';
export { PROMPT_VERSION } from './prompt/prompts';
export { ProviderError, type ModelProvider, type ChatRequest, type ChatResponse } from './types';
export { projectFileReader } from './project-files';
