// What can go wrong while getting a project's source: fetch/ throws only this type. It carries a code and the
// facts (the entry that was refused, the limit that was passed); the words shown to users, and whether the scan is
// retried or the request refused, are decided in one place (scans/fetch-failure.ts).
export type FetchErrorCode =
  /** git says the repository does not exist or is not public. */
  | 'repo-not-found'
  | 'archive-corrupt'
  /** detail: why, e.g. `entry "x" escapes the extraction folder`. */
  | 'archive-rejected'
  /** limit: the byte limit (SOURCE_MAX_MB). */
  | 'too-large'
  /** limit: the clone time limit in ms. */
  | 'clone-timeout'
  /** git failed for another reason (network, server): worth another attempt. */
  | 'clone-failed'
  /** detail: why the project URL or server path is refused. */
  | 'source-refused'
  /** detail: the host and why its address is refused (SSRF guard) or could not be resolved. */
  | 'target-refused';

export class FetchError extends Error {
  override name = 'FetchError';
  constructor(
    readonly code: FetchErrorCode,
    /** The variable part of the message (already readable on its own, for logs). */
    readonly detail: string,
    readonly limit?: number,
  ) {
    super(detail);
  }
}

export const FetchErrors = {
  repoNotFound: () => new FetchError('repo-not-found', 'repository not found or not accessible'),
  archiveCorrupt: () => new FetchError('archive-corrupt', 'archive is corrupt'),
  archiveRejected: (why: string) => new FetchError('archive-rejected', why),
  tooLarge: (maxBytes: number) =>
    new FetchError('too-large', `more than ${Math.round(maxBytes / 1024 / 1024)} MB of files`, maxBytes),
  cloneTimedOut: (limitMs: number) =>
    new FetchError('clone-timeout', `clone took longer than ${limitMs} ms`, limitMs),
  cloneFailed: (why: string) => new FetchError('clone-failed', why),
  sourceRefused: (why: string) => new FetchError('source-refused', why),
  targetRefused: (why: string) => new FetchError('target-refused', why),
} as const;
