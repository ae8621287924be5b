export { buildProgram, runCli, VERSION } from './program';
export { runScan, gateExitCode } from './commands/scan';
export { EXIT, CliError } from './exit-codes';
