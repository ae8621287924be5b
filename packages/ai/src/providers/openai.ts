// OpenAI-compatible chat completions (OpenAI, and self-hosted vLLM, Ollama, LM Studio behind the same API):
// POST {base}/v1/chat/completions, bearer key, answer in choices[0].message.content, tokens in usage.
import { z } from 'zod';
import { DEFAULT_RETRY, postJson, type RetryPolicy } from '../http/post-json';
import { ProviderError, type ChatRequest, type ChatResponse, type ModelProvider } from '../types';

const ZCompletion = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
  usage: z.object({ prompt_tokens: z.number(), completion_tokens: z.number() }).optional(),
});

export interface OpenAiOptions {
  model: string;
  baseUrl: string;
  /** Optional: a local server (Ollama, LM Studio) usually needs none. */
  apiKey?: string;
  /** `response_format: {type: "json_object"}`; off for servers that reject it. */
  jsonMode?: boolean;
  retry?: RetryPolicy;
}

export function openAiProvider(options: OpenAiOptions): ModelProvider {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/v1/chat/completions`;
  const headers: Record<string, string> = options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {};
  return {
    provider: 'openai',
    model: options.model,
    async chat(request: ChatRequest): Promise<ChatResponse> {
      const body = {
        model: options.model,
        messages: [{ role: 'system', content: request.system }, ...request.messages],
        max_tokens: request.maxOutputTokens,
        temperature: 0,
        ...(options.jsonMode === false ? {} : { response_format: { type: 'json_object' } }),
      };
      const raw = await postJson(url, headers, body, options.retry ?? DEFAULT_RETRY, request.signal);
      const parsed = ZCompletion.safeParse(raw);
      if (!parsed.success) throw new ProviderError('http-error', 'the answer is not a chat completion');
      return {
        text: parsed.data.choices[0]!.message.content ?? '',
        usage: { inputTokens: parsed.data.usage?.prompt_tokens ?? 0, outputTokens: parsed.data.usage?.completion_tokens ?? 0 },
      };
    },
  };
}
