import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { FetchErrors } from '../fetch/fetch-error';
import { fetchErrorMessage, fetchFailure, fetchRefusal } from './fetch-failure';

describe('fetch errors in words (the one mapping)', () => {
  it.each([
    [FetchErrors.repoNotFound(), 'Repository not found or not accessible'],
    [FetchErrors.archiveCorrupt(), 'Archive is corrupt'],
    [
      FetchErrors.archiveRejected('entry "../x" escapes the extraction folder'),
      'Archive rejected: entry "../x" escapes the extraction folder',
    ],
    [
      FetchErrors.tooLarge(5 * 1024 * 1024),
      'Project is too large: more than 5 MB of files. Scan a smaller repository or archive.',
    ],
    [FetchErrors.cloneTimedOut(60_000), 'Cloning the repository timed out after 1 minute'],
    [FetchErrors.cloneFailed('exit 128'), 'Cloning the repository failed; it will be retried'],
    [
      FetchErrors.sourceRefused('file:// URLs are disabled on this server'),
      'file:// URLs are disabled on this server',
    ],
  ])('%s', (error, message) => {
    expect(fetchErrorMessage(error)).toBe(message);
  });

  it('in the worker: refunded (nothing was analyzed); only clone timeouts and clone failures are retried', () => {
    expect(fetchFailure(FetchErrors.repoNotFound())).toMatchObject({
      kind: 'user',
      transient: false,
      refund: true,
    });
    expect(fetchFailure(FetchErrors.archiveRejected('x'))).toMatchObject({
      kind: 'user',
      transient: false,
      refund: true,
    });
    expect(fetchFailure(FetchErrors.cloneTimedOut(1000))).toMatchObject({
      kind: 'server',
      transient: true,
      refund: true,
    });
    expect(fetchFailure(FetchErrors.cloneFailed('x'))).toMatchObject({
      kind: 'server',
      transient: true,
      refund: true,
    });
  });

  it('at intake: 400 with the same words', () => {
    const refusal = fetchRefusal(FetchErrors.archiveCorrupt());
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ status: 400, message: 'Archive is corrupt' });
  });
});
