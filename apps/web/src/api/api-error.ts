// The one error of the HTTP client, in its own module: screens can tell errors apart without loading the client.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The server's `detail` text, shown verbatim; null when the answer carried none. */
    readonly detail: string | null,
  ) {
    super(detail ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
  }
}

/** The server's detail text when there is one, else the screen's own fallback message. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.detail ? error.detail : fallback;
}
