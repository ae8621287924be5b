// Why a scan failed, in words its owner can act on, and whose fault it was: that decides retry and refund.
//   user   - the input is wrong (repository missing, archive corrupt or malicious): no retry, no refund.
//   server - our side could not finish (timeout, disk, engine crash): refund the credit once, after retries.
export type FailureKind = 'user' | 'server';

export class ScanFailure extends Error {
  override name = 'ScanFailure';
  constructor(
    message: string,
    readonly kind: FailureKind,
    /** Worth another attempt (network hiccup, worker restart): the job is retried before giving up. */
    readonly transient = false,
  ) {
    super(message);
  }
}

export const Failures = {
  repoNotFound: () => new ScanFailure('Repository not found or not accessible', 'user'),
  archiveCorrupt: () => new ScanFailure('Archive is corrupt', 'user'),
  archiveRejected: (why: string) => new ScanFailure(`Archive rejected: ${why}`, 'user'),
  tooLarge: (mb: number) =>
    new ScanFailure(`Project is too large: more than ${mb} MB of files. Scan a smaller repository or archive.`, 'user'),
  timedOut: (minutes: number) => new ScanFailure(`Scan timed out after ${minutes} minute${minutes === 1 ? '' : 's'}`, 'server'),
  cloneTimedOut: (minutes: number) =>
    new ScanFailure(`Cloning the repository timed out after ${minutes} minutes`, 'server', true),
  nothingToScan: () =>
    new ScanFailure('Nothing to scan: the project has no files DueScan can analyze (or all are excluded)', 'user'),
  targetRefused: () =>
    new ScanFailure('Repository host resolves to a private or local network address, which is not allowed', 'user'),
  internal: () => new ScanFailure('Scan failed because of a server error. Your credit was refunded.', 'server', true),
} as const;
