// Why a scan failed, in words its owner can act on, and whose fault it was: that decides retry and refund.
//   user   - the input is wrong (repository missing, archive corrupt or malicious): no retry.
//   server - our side could not finish (timeout, disk, engine crash): retried, then refunded once.
// A credit pays for analysis: a scan that fails before the engine ran (the fetch: clone or extraction) is
// refunded whoever's fault it was (fetch-failure.ts); most such inputs are refused at intake already, uncharged.
import { describeDuration } from '../duration-text';

export type FailureKind = 'user' | 'server';

export class ScanFailure extends Error {
  override name = 'ScanFailure';
  constructor(
    message: string,
    readonly kind: FailureKind,
    /** Worth another attempt (network hiccup, worker restart): the job is retried before giving up. */
    readonly transient = false,
    /** Give the credit back when the scan finally fails. */
    readonly refund = kind === 'server',
  ) {
    super(message);
  }
}

export const Failures = {
  /** The configured limit as configured (SCAN_TIMEOUT=3s reads "3 seconds"). */
  timedOut: (limitMs: number) => new ScanFailure(`Scan timed out after ${describeDuration(limitMs)}`, 'server'),
  nothingToScan: () =>
    new ScanFailure('Nothing to scan: the project has no files DueScan can analyze (or all are excluded)', 'user'),
  internal: () => new ScanFailure('Scan failed because of a server error. Your credit was refunded.', 'server', true),
} as const;
