// One JSON POST with a per-attempt timeout and retries on 429 and 5xx. Other 4xx (bad key, unknown model) are
// not retried: asking again cannot fix them. A timeout is not retried either: a slow model stays slow and the
// per-scan time budget is better spent on the next finding.
import { ProviderError } from '../types';
import { backoffDelay, parseRetryAfter } from './retry-after';

export interface RetryPolicy {
  /** Retries after the first attempt. */
  retries: number;
  baseDelayMs: number;
  /** Upper bound on any wait, Retry-After included, so a provider cannot park the scan for an hour. */
  maxDelayMs: number;
  timeoutMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 3, baseDelayMs: 500, maxDelayMs: 30_000, timeoutMs: 60_000 };

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener('abort', abort);
      resolve();
    }
    function abort() {
      clearTimeout(t);
      reject(signal!.reason);
    }
    signal?.addEventListener('abort', abort, { once: true });
  });

const retryable = (status: number) => status === 429 || status >= 500;

/** The provider's error message from its JSON error body, without echoing anything else. */
function errorMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } };
    if (typeof parsed.error?.message === 'string') return parsed.error.message.slice(0, 200);
  } catch {
    // not JSON: fall through
  }
  return 'no error message';
}

export async function postJson(url: string, headers: Record<string, string>, body: unknown, policy: RetryPolicy, signal?: AbortSignal): Promise<unknown> {
  for (let attempt = 0; ; attempt++) {
    const timeout = AbortSignal.timeout(policy.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), signal: combined });
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (timeout.aborted) throw new ProviderError('timeout', `no answer within ${policy.timeoutMs} ms`);
      if (attempt < policy.retries) {
        await sleep(backoffDelay(attempt, policy.baseDelayMs, policy.maxDelayMs), signal);
        continue;
      }
      throw new ProviderError('http-error', `network error: ${(error as Error).message}`);
    }
    let text: string;
    try {
      text = await response.text();
    } catch {
      if (signal?.aborted) throw signal.reason;
      throw new ProviderError('timeout', `no complete answer within ${policy.timeoutMs} ms`);
    }
    if (response.ok) {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new ProviderError('http-error', `HTTP ${response.status} with a body that is not JSON`, response.status);
      }
    }
    if (retryable(response.status) && attempt < policy.retries) {
      const hinted = parseRetryAfter(response.headers.get('retry-after'));
      const wait = Math.min(policy.maxDelayMs, hinted ?? backoffDelay(attempt, policy.baseDelayMs, policy.maxDelayMs));
      await sleep(wait, signal);
      continue;
    }
    throw new ProviderError('http-error', `HTTP ${response.status}: ${errorMessage(text)}`, response.status);
  }
}
