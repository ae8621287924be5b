// The `duescan` command tree. One configureXCommand per command; errors become one clear line + exit code.
import { Command, CommanderError } from 'commander';
import { configureScanCommand } from './commands/scan';
import { configureAdvisoriesCommand } from './commands/advisories';
import { configureLoginCommand } from './login/login-command';
import { CliError, EXIT } from './exit-codes';
import { VERSION } from './version';

export function buildProgram(): Command {
  const program = new Command('duescan')
    .description('DueScan: technical due diligence and security scanning for your codebase')
    .version(VERSION)
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();
  configureScanCommand(program);
  configureAdvisoriesCommand(program);
  configureLoginCommand(program);
  for (const cmd of program.commands) cmd.exitOverride();
  return program;
}

/** Runs the CLI and returns the exit code (never throws). */
export async function runCli(argv: string[], stderr: NodeJS.WritableStream = process.stderr): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok;
  } catch (e) {
    if (e instanceof CommanderError) {
      // --help and --version "fail" with exit code 0 by design.
      return e.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (e instanceof CliError) {
      stderr.write(`duescan: ${e.message}\n`);
      return e.exitCode;
    }
    stderr.write(`duescan: scan failed: ${e instanceof Error ? e.message : String(e)}\n`);
    return EXIT.scanError;
  }
}
