// The engine's one error type for a scan that cannot start or finish; messages are written for end users.
export type ScanErrorCode = 'not-found' | 'not-a-directory' | 'unreadable' | 'empty' | 'bad-option' | 'bad-baseline';

export class ScanError extends Error {
  override readonly name = 'ScanError';
  constructor(
    readonly code: ScanErrorCode,
    message: string,
  ) {
    super(message);
  }
}
