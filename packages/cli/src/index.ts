export { buildProgram, runCli } from './program';
export { VERSION } from './version';
export { runScan, gateExitCode } from './commands/scan';
export { EXIT, CliError } from './exit-codes';
