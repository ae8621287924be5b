// Anthropic Messages API: POST {base}/v1/messages with x-api-key and anthropic-version; the system prompt is a
// top-level field, the answer is the text blocks of `content`, tokens in usage.input_tokens / output_tokens.
import { z } from 'zod';
import { DEFAULT_RETRY, postJson, type RetryPolicy } from '../http/post-json';
import { ProviderError, type ChatRequest, type ChatResponse, type ModelProvider } from '../types';

export const ANTHROPIC_VERSION = '2023-06-01';

const ZMessage = z.object({
  type: z.literal('message'),
  content: z.array(z.object({ type: z.string(), text: z.string().optional() })),
  usage: z.object({ input_tokens: z.number(), output_tokens: z.number() }),
});

export interface AnthropicOptions {
  model: string;
  baseUrl: string;
  apiKey: string;
  retry?: RetryPolicy;
}

export function anthropicProvider(options: AnthropicOptions): ModelProvider {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/v1/messages`;
  const headers = { 'x-api-key': options.apiKey, 'anthropic-version': ANTHROPIC_VERSION };
  return {
    provider: 'anthropic',
    model: options.model,
    async chat(request: ChatRequest): Promise<ChatResponse> {
      const body = { model: options.model, max_tokens: request.maxOutputTokens, system: request.system, temperature: 0, messages: request.messages };
      const raw = await postJson(url, headers, body, options.retry ?? DEFAULT_RETRY, request.signal);
      const parsed = ZMessage.safeParse(raw);
      if (!parsed.success) throw new ProviderError('http-error', 'the answer is not a Messages API message');
      const text = parsed.data.content.filter((b) => b.type === 'text').map((b) => b.text ?? '').join('');
      return { text, usage: { inputTokens: parsed.data.usage.input_tokens, outputTokens: parsed.data.usage.output_tokens } };
    },
  };
}
