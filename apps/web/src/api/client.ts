// The one HTTP client of the web app: JSON to /api/v1, bearer token from the stored session,
// server errors carried as ApiError with the server's `detail`, and any 401 ends the session.
import { z } from 'zod';
import { ZErrorResponse } from '@duescan/contracts';
import { clearSession, readSession } from '../session/storage';
import { ApiError } from './api-error';
import { notifyUnauthorized } from './unauthorized';

export { ApiError, errorText } from './api-error';

export { setUnauthorizedHandler } from './unauthorized';

// zod compiles object parsers with `new Function` after probing whether eval works; under the server's CSP
// (script-src 'self') the probe is a reported violation. Interpreted parsing is fast enough for our answers.
z.config({ jitless: true });

export const API_BASE = '/api/v1';

export interface RequestOptions<S extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number>;
  /** Schema of a successful answer: the boundary where server data is checked. */
  schema: S;
  /**
   * Calls made with the session's token end the session on 401. Sign-in calls send no token,
   * so their 401 ("wrong password") is an ordinary error for the form to show.
   */
  auth?: boolean;
  /**
   * The start-up check of a stored token only clears it on 401 (spec section 4): a visitor with an
   * old token on a public page stays there. Every other signed-in call also goes to /login.
   */
  redirectOn401?: boolean;
}

export async function apiRequest<S extends z.ZodType>(path: string, options: RequestOptions<S>): Promise<z.infer<S>> {
  const { method = 'GET', body, query, schema, auth = true, redirectOn401 = true } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A FormData body (the archive upload) is multipart: the browser sets Content-Type with its boundary.
  const multipart = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  const session = auth ? readSession() : null;
  if (session) headers.Authorization = `Bearer ${session.token}`;

  const search = query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` : '';
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}${search}`, {
      method,
      headers,
      body: body === undefined ? undefined : multipart ? (body as FormData) : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, null);
  }

  if (response.status === 401 && session) {
    clearSession();
    if (redirectOn401) notifyUnauthorized();
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = ZErrorResponse.safeParse(payload);
    throw new ApiError(response.status, parsed.success ? parsed.data.detail : null);
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new ApiError(response.status, null);
  return parsed.data;
}
