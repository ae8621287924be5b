// The engine's one error type for a scan that cannot start or finish; messages are written for end users.
export type ScanErrorCode =
  | 'not-found'
  | 'not-a-directory'
  | 'unreadable'
  | 'empty'
  | 'bad-option'
  | 'bad-baseline'
  /** The caller's AbortSignal fired; `cause` is the signal's reason. */
  | 'aborted';

export class ScanError extends Error {
  override readonly name = 'ScanError';
  constructor(
    readonly code: ScanErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
