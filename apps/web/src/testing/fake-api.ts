import { vi } from 'vitest';
import type { TScan, TUsageResponse, TUser } from '@duescan/contracts';

export interface FakeCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}
type Answer = { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;
type Handler = (call: FakeCall) => Answer;

/**
 * Stubs fetch with answers keyed by "METHOD /path" (path below /api/v1, without query).
 * Unknown calls answer 404 so a test notices a call it did not expect.
 */
export function fakeApi(handlers: Record<string, Handler | { status: number; body?: unknown }>) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const call: FakeCall = {
      method,
      path,
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const handler = handlers[`${method} ${path}`];
    const answer = await (typeof handler === 'function' ? handler(call) : (handler ?? { status: 404, body: { detail: 'Not Found' } }));
    const text = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    return new Response(text, { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls };
}

export function makeUser(overrides: Partial<TUser> = {}): TUser {
  return {
    id: 'u1',
    email: 'founder@example.com',
    company: null,
    plan: 'free',
    credits_remaining: 3,
    created_at: '2026-01-15T10:00:00.000Z',
    api_token: 'dsk_test_token_123',
    ...overrides,
  };
}

export function makeScan(overrides: Partial<TScan> = {}): TScan {
  return {
    id: 's1',
    project_name: 'acme-api',
    package_type: 'quick',
    status: 'completed',
    created_at: '2026-02-01T10:00:00.000Z',
    completed_at: '2026-02-01T10:01:00.000Z',
    report_url: null,
    error_message: null,
    score: 82,
    ...overrides,
  };
}

export function makeUsage(overrides: Partial<TUsageResponse> = {}): TUsageResponse {
  return {
    stats: { total_scans: 0, completed_scans: 0, monthly_scans: 0 },
    recent_scans: [],
    credits_remaining: 3,
    plan: 'free',
    ...overrides,
  };
}
