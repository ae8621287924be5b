// The one place where a FetchError (fetch/) becomes words for the user: a scan's error message in the worker, or
// the 400 answer at intake, when the same check refuses the request before any credit is spent.
import { AppError } from '../errors';
import { describeDuration } from '../duration-text';
import type { FetchError } from '../fetch/fetch-error';
import { ScanFailure } from './scan-failure';

export function fetchErrorMessage(error: FetchError): string {
  switch (error.code) {
    case 'repo-not-found':
      return 'Repository not found or not accessible';
    case 'archive-corrupt':
      return 'Archive is corrupt';
    case 'archive-rejected':
      return `Archive rejected: ${error.detail}`;
    case 'too-large':
      return `Project is too large: more than ${Math.round((error.limit ?? 0) / 1024 / 1024)} MB of files. Scan a smaller repository or archive.`;
    case 'clone-timeout':
      return `Cloning the repository timed out after ${describeDuration(error.limit ?? 0)}`;
    case 'clone-failed':
      return 'Cloning the repository failed; it will be retried';
    // The checks word these for the person who typed the URL (what is wrong and what to use instead).
    case 'source-refused':
    case 'target-refused':
      return error.detail;
  }
}

/**
 * In the worker. Nothing was analyzed yet, so every fetch failure is refunded; clone timeouts and other clone
 * failures (network, the git host) are not the user's fault and are retried first.
 */
export function fetchFailure(error: FetchError): ScanFailure {
  const server = error.code === 'clone-timeout' || error.code === 'clone-failed';
  return new ScanFailure(fetchErrorMessage(error), server ? 'server' : 'user', server, true);
}

/** At intake: the request is refused, nothing is charged. */
export function fetchRefusal(error: FetchError): AppError {
  return new AppError('bad_request', fetchErrorMessage(error), 400);
}
