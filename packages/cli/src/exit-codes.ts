// Documented exit codes (README and `duescan --help`): scripts and CI gates depend on them.
export const EXIT = {
  ok: 0,
  findingsAtOrAboveThreshold: 1,
  usage: 2,
  scanError: 3,
} as const;

/** An error with a message a user can act on and the exit code it maps to. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.scanError,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
