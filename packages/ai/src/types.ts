// The one interface every provider adapter implements; the orchestrator (vote, budget, cache) only sees this.
import type { AiProvider } from '@duescan/contracts';

export interface ChatRequest {
  system: string;
  /** The conversation so far: the prompt, and on a repair attempt the model's bad answer and our instruction. */
  messages: { role: 'user' | 'assistant'; content: string }[];
  maxOutputTokens: number;
  signal?: AbortSignal;
}

export interface ChatResponse {
  text: string;
  usage: { inputTokens: number; outputTokens: number };
}

export interface ModelProvider {
  provider: AiProvider;
  model: string;
  chat(request: ChatRequest): Promise<ChatResponse>;
}

/** A call that failed for good (after retries): the model gives no answer for this finding. */
export class ProviderError extends Error {
  constructor(
    readonly kind: 'timeout' | 'http-error',
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
