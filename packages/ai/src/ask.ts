// One question to one model: ask, validate, and on a malformed answer ask once more with the problem named.
// A second malformed answer, a timeout or an HTTP failure is "no answer": never a guessed verdict.
import type { AiNoAnswer } from '@duescan/contracts';
import type { z } from 'zod';
import { parseAnswer } from './answer';
import { ProviderError, type ChatRequest, type ModelProvider } from './types';

export interface AskResult<T> {
  value?: T;
  noAnswer?: Pick<AiNoAnswer, 'reason' | 'detail'>;
  inputTokens: number;
  outputTokens: number;
}

export interface AskOptions {
  system: string;
  prompt: string;
  maxOutputTokens: number;
  signal?: AbortSignal;
}

export const REPAIR_INSTRUCTION = (problem: string) =>
  `Your previous answer could not be used (${problem}). Answer again with only the JSON object in the requested shape, no other text.`;

export async function ask<T>(provider: ModelProvider, schema: z.ZodType<T>, options: AskOptions): Promise<AskResult<T>> {
  const messages: ChatRequest['messages'] = [{ role: 'user', content: options.prompt }];
  let inputTokens = 0;
  let outputTokens = 0;
  for (let attempt = 0; attempt < 2; attempt++) {
    let text: string;
    try {
      const response = await provider.chat({ system: options.system, messages, maxOutputTokens: options.maxOutputTokens, signal: options.signal });
      inputTokens += response.usage.inputTokens;
      outputTokens += response.usage.outputTokens;
      text = response.text;
    } catch (error) {
      if (error instanceof ProviderError) return { noAnswer: { reason: error.kind, detail: error.message }, inputTokens, outputTokens };
      throw error;
    }
    const parsed = parseAnswer(text, schema);
    if (parsed.ok) return { value: parsed.value, inputTokens, outputTokens };
    if (attempt === 1) return { noAnswer: { reason: 'malformed', detail: parsed.problem }, inputTokens, outputTokens };
    messages.push({ role: 'assistant', content: text.slice(0, 4000) || '(empty answer)' }, { role: 'user', content: REPAIR_INSTRUCTION(parsed.problem) });
  }
  throw new Error('unreachable');
}
