// Loopback fake model servers for tests: real HTTP on 127.0.0.1 speaking each provider's wire format (request
// validation, success bodies, error bodies, Retry-After), scripted per request. The adapters under test run
// unchanged against them: nothing in-process is replaced.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake does with one request. */
export type Behavior =
  /** A model answer: a string as is, an object as its JSON text. */
  | { answer: string | object; inputTokens?: number; outputTokens?: number }
  /** An HTTP error in the provider's error format; retryAfter is sent as the Retry-After header. */
  | { status: number; retryAfter?: string }
  /** Never answers (the client's timeout must fire). */
  | { hang: true };

export interface RecordedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

/** The model id and the concatenated text of the conversation (for scripts that answer by content). */
export interface ScriptInput {
  model: string;
  text: string;
  request: RecordedRequest;
  /** 0-based count of requests this server has seen before this one. */
  index: number;
}

export type Script = (input: ScriptInput) => Behavior;

export interface WireFormat {
  path: string;
  /** An error message (400/401 in the provider's format) when the request breaks the API's rules, else null. */
  check(req: RecordedRequest): { status: number; message: string } | null;
  model(body: Record<string, unknown>): string;
  text(body: Record<string, unknown>): string;
  success(model: string, content: string, inputTokens: number, outputTokens: number): object;
  error(status: number, message: string): object;
}

export interface FakeModelServer {
  baseUrl: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

const estimateTokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: object, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export async function startFakeServer(format: WireFormat, script: Script): Promise<FakeModelServer> {
  const requests: RecordedRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const server: Server = createServer(async (req, res) => {
    const raw = await readBody(req);
    if (req.method !== 'POST' || req.url !== format.path) return send(res, 404, format.error(404, `no route ${req.method} ${req.url}`));
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return send(res, 400, format.error(400, 'request body is not valid JSON'));
    }
    const recorded: RecordedRequest = { path: req.url, headers: req.headers, body };
    const index = requests.length;
    requests.push(recorded);
    const problem = format.check(recorded);
    if (problem) return send(res, problem.status, format.error(problem.status, problem.message));
    const text = format.text(body);
    const behavior = script({ model: format.model(body), text, request: recorded, index });
    if ('hang' in behavior) {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if ('status' in behavior) {
      return send(res, behavior.status, format.error(behavior.status, `scripted ${behavior.status}`), behavior.retryAfter ? { 'retry-after': behavior.retryAfter } : {});
    }
    const content = typeof behavior.answer === 'string' ? behavior.answer : JSON.stringify(behavior.answer);
    send(res, 200, format.success(format.model(body), content, behavior.inputTokens ?? estimateTokens(text), behavior.outputTokens ?? estimateTokens(content)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
