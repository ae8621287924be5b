// `duescan scan --upload`: sends the anonymized report to the DueScan server, which turns it into a scan with a PDF.
// One random scan_token per scan is the idempotency key: every retry reuses it, so a retry after a lost answer
// returns the scan already created instead of charging a second credit (spec section 9: single-use, 3 retries).
import { randomBytes } from 'node:crypto';
import {
  UPLOAD_TOKEN_RETRIES,
  ZCliUploadResponse,
  ZErrorResponse,
  type PackageType,
  type TCliUploadRequest,
  type TCliUploadResponse,
} from '@duescan/contracts';
import type { Report } from '@duescan/engine';
import { CliError, EXIT } from '../exit-codes';

export const INVALID_TOKEN_MESSAGE = 'Invalid API token: copy it from your Account page';
const REQUEST_TIMEOUT_MS = 60_000;

export interface UploadOptions {
  apiUrl: string;
  token: string;
  packageType: PackageType;
  projectName: string;
  report: Report;
  /** Retries after the first attempt (network errors, 429 and 5xx only). */
  retries?: number;
  /** Delay before retry n (1-based); tests pass a fast one. */
  backoffMs?: (retry: number) => number;
  /** Override for tests; defaults to a fresh random token. */
  scanToken?: string;
  onRetry?: (retry: number, reason: string) => void;
}

/** 32 URL-safe characters from 24 random bytes: unguessable and within the server's 20-100 character rule. */
export function newScanToken(): string {
  return randomBytes(24).toString('base64url');
}

const defaultBackoff = (retry: number) => 500 * 2 ** (retry - 1);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function uploadEndpoint(apiUrl: string): string {
  let base: URL;
  try {
    base = new URL(apiUrl);
  } catch {
    throw new CliError(`--api-url is not a URL: ${apiUrl}`, EXIT.usage);
  }
  if (base.protocol !== 'https:' && base.protocol !== 'http:') throw new CliError('--api-url must start with https:// or http://', EXIT.usage);
  return new URL('api/v1/scans/cli-upload', base.href.endsWith('/') ? base.href : `${base.href}/`).href;
}

export async function uploadReport(options: UploadOptions): Promise<TCliUploadResponse> {
  const url = uploadEndpoint(options.apiUrl);
  const retries = options.retries ?? UPLOAD_TOKEN_RETRIES;
  const backoff = options.backoffMs ?? defaultBackoff;
  const body: TCliUploadRequest = {
    scan_token: options.scanToken ?? newScanToken(),
    package_type: options.packageType,
    project_name: options.projectName,
    report: options.report as unknown as Record<string, unknown>,
  };
  const payload = JSON.stringify(body);

  for (let attempt = 0; ; attempt++) {
    const outcome = await attemptUpload(url, options.token, payload);
    if (outcome.kind === 'done') return outcome.answer;
    if (outcome.kind === 'fatal' || attempt >= retries) throw new CliError(outcome.message, EXIT.scanError);
    options.onRetry?.(attempt + 1, outcome.message);
    await sleep(backoff(attempt + 1));
  }
}

type Outcome =
  | { kind: 'done'; answer: TCliUploadResponse }
  | { kind: 'retry'; message: string }
  | { kind: 'fatal'; message: string };

async function attemptUpload(url: string, token: string, payload: string): Promise<Outcome> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${token}` },
      body: payload,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    const reason = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    return { kind: 'retry', message: `Upload failed: could not reach ${new URL(url).origin} (${reason})` };
  }
  const json: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const parsed = ZCliUploadResponse.safeParse(json);
    if (parsed.success) return { kind: 'done', answer: parsed.data };
    return { kind: 'fatal', message: `Upload failed: unexpected answer from ${new URL(url).origin} (is --api-url a DueScan server?)` };
  }
  if (response.status === 401) return { kind: 'fatal', message: INVALID_TOKEN_MESSAGE };
  const detail = ZErrorResponse.safeParse(json);
  const message = `Upload failed: ${detail.success ? detail.data.detail : `the server answered ${response.status}`}`;
  // 429 and 5xx are worth another try with the same token; any other 4xx will answer the same again.
  return response.status === 429 || response.status >= 500 ? { kind: 'retry', message } : { kind: 'fatal', message };
}
