// Anthropic Messages API wire format (POST /v1/messages), as the fake server speaks it.
import { randomUUID } from 'node:crypto';
import type { WireFormat } from './fake-server';

type Msg = { role?: unknown; content?: unknown };

const ERROR_TYPE: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

export const ANTHROPIC_FORMAT: WireFormat = {
  path: '/v1/messages',
  check({ headers, body }) {
    if (!headers['x-api-key']) return { status: 401, message: 'x-api-key header is required' };
    if (!headers['anthropic-version']) return { status: 400, message: 'anthropic-version: header is required' };
    if (typeof body.model !== 'string' || !body.model) return { status: 400, message: 'model: Field required' };
    if (!Number.isInteger(body.max_tokens) || (body.max_tokens as number) < 1) return { status: 400, message: 'max_tokens: Field required' };
    if (body.system !== undefined && typeof body.system !== 'string' && !Array.isArray(body.system)) return { status: 400, message: 'system: Input should be a valid string' };
    const messages = body.messages as Msg[] | undefined;
    if (!Array.isArray(messages) || messages.length === 0) return { status: 400, message: 'messages: Field required' };
    if (messages.some((m) => m.role !== 'user' && m.role !== 'assistant')) return { status: 400, message: 'messages: roles must be "user" or "assistant" (system is a top-level field)' };
    if (messages[0]!.role !== 'user') return { status: 400, message: 'messages: first message must use the "user" role' };
    if (messages.some((m, i) => i > 0 && m.role === messages[i - 1]!.role)) return { status: 400, message: 'messages: roles must alternate between "user" and "assistant"' };
    if (messages.some((m) => typeof m.content === 'string' && m.content.length === 0)) return { status: 400, message: 'messages: text content blocks must be non-empty' };
    return null;
  },
  model: (body) => String(body.model),
  text: (body) => [typeof body.system === 'string' ? body.system : '', ...(body.messages as Msg[]).map((m) => String(m.content))].join('\n'),
  success: (model, content, inputTokens, outputTokens) => ({
    id: `msg_${randomUUID().replace(/-/g, '')}`,
    type: 'message',
    role: 'assistant',
    model,
    content: [{ type: 'text', text: content }],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: inputTokens, output_tokens: outputTokens },
  }),
  error: (status, message) => ({ type: 'error', error: { type: ERROR_TYPE[status] ?? 'api_error', message } }),
};
