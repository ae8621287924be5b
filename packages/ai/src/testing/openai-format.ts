// OpenAI chat completions wire format (POST /v1/chat/completions), as the fake server speaks it.
import { randomUUID } from 'node:crypto';
import type { WireFormat } from './fake-server';

type Msg = { role?: unknown; content?: unknown };

export const OPENAI_FORMAT: WireFormat = {
  path: '/v1/chat/completions',
  check({ headers, body }) {
    if (!/^Bearer \S+$/.test(String(headers.authorization ?? ''))) return { status: 401, message: 'You didn\'t provide an API key.' };
    if (typeof body.model !== 'string' || !body.model) return { status: 400, message: "Missing required parameter: 'model'." };
    const messages = body.messages as Msg[] | undefined;
    if (!Array.isArray(messages) || messages.length === 0) return { status: 400, message: "Missing required parameter: 'messages'." };
    if (messages.some((m) => !['system', 'user', 'assistant', 'developer'].includes(String(m.role)) || typeof m.content !== 'string')) {
      return { status: 400, message: "Invalid value for 'messages': each message needs a role and string content." };
    }
    const format = body.response_format as { type?: unknown } | undefined;
    if (format && format.type === 'json_object' && !messages.some((m) => /json/i.test(String(m.content)))) {
      return { status: 400, message: "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'." };
    }
    return null;
  },
  model: (body) => String(body.model),
  text: (body) => (body.messages as Msg[]).map((m) => String(m.content)).join('\n'),
  success: (model, content, inputTokens, outputTokens) => ({
    id: `chatcmpl-${randomUUID()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: 'stop' }],
    usage: { prompt_tokens: inputTokens, completion_tokens: outputTokens, total_tokens: inputTokens + outputTokens },
  }),
  error(status, message) {
    const type = status === 429 ? 'requests' : status >= 500 ? 'server_error' : 'invalid_request_error';
    const code = status === 429 ? 'rate_limit_exceeded' : status === 401 ? 'invalid_api_key' : null;
    return { error: { message, type, param: null, code } };
  },
};
