// `duescan scan [path]`: run the engine locally, write the requested outputs, gate on --fail-on.
import { resolve, join } from 'node:path';
import { stat } from 'node:fs/promises';
import { Option, type Command } from 'commander';
import type { Report, ScanErrorCode, Severity } from '@duescan/engine';
import { CliError, EXIT } from '../exit-codes';
import { loadEngine } from '../load-engine';
import { FAIL_ON, FORMATS, ZScanOptions, parseOptions, type Format, type ScanCommandOptions } from '../options';
import { createProgress } from '../progress';
import { formatSummary, tooLargeLine } from '../summary';
import { writeAtomic } from '../write-atomic';
import { checkUploadOptions, withSavedLogin, formatUploadResult, uploadStep } from '../upload/upload-command';
import { AI_HELP, aiProviders, aiReviewStep } from './ai-review';

/** The engine's refusals caused by what the user passed (exit 2, usage), not by the scan itself (exit 3). */
const USER_INPUT_ERRORS = new Set<ScanErrorCode>(['not-found', 'not-a-directory', 'empty', 'bad-option', 'bad-baseline']);

const SEVERITY_RANK: Record<Severity, number> = { critical: 4, high: 3, medium: 2, low: 1, info: 0 };

const FILE_NAMES: Record<Format, string> = {
  json: 'report.json',
  sarif: 'report.sarif',
  html: 'report.html',
  pdf: 'report.pdf',
  sbom: 'sbom.cdx.json',
};

/** Exit code for a report under a --fail-on threshold. */
export function gateExitCode(report: Report, failOn: (typeof FAIL_ON)[number]): number {
  if (failOn === 'none') return EXIT.ok;
  const threshold = SEVERITY_RANK[failOn];
  return report.findings.some((f) => SEVERITY_RANK[f.severity] >= threshold) ? EXIT.findingsAtOrAboveThreshold : EXIT.ok;
}

async function renderFormat(report: Report, format: Format): Promise<string | Uint8Array> {
  const engine = await loadEngine();
  switch (format) {
    case 'json':
      return JSON.stringify(report, null, 2) + '\n';
    case 'sarif':
      return JSON.stringify(engine.toSarif(report), null, 2) + '\n';
    case 'sbom':
      return JSON.stringify(engine.toCycloneDx(report), null, 2) + '\n';
    case 'html':
      return (await import('@duescan/report')).renderHtml(report);
    case 'pdf':
      return (await import('@duescan/report')).renderPdf(report);
  }
}

export interface ScanRun {
  report: Report;
  written: string[];
  exitCode: number;
}

export async function runScan(path: string, opts: ScanCommandOptions): Promise<ScanRun> {
  const dir = resolve(path);
  const info = await stat(dir).catch(() => null);
  if (!info) throw new CliError(`Path not found: ${path}. Pass the folder of the project to scan.`, EXIT.usage);
  if (!info.isDirectory()) throw new CliError(`Not a folder: ${path}. Pass the folder of the project to scan.`, EXIT.usage);

  const providers = await aiProviders(opts.ai);
  const engine = await loadEngine();
  const progress = createProgress(process.stderr, opts.quiet);
  let report: Report;
  try {
    report = await engine.scan(dir, {
      package: opts.package,
      baseline: opts.baseline ? resolve(opts.baseline) : undefined,
      advisoryDb: opts.advisoryDb ? resolve(opts.advisoryDb) : undefined,
      threads: opts.threads,
      onProgress: (phase, done, total) => progress.update(phase, done, total),
    });
  } catch (e) {
    if (e instanceof engine.ScanError) throw new CliError(e.message, USER_INPUT_ERRORS.has(e.code) ? EXIT.usage : EXIT.scanError);
    throw e;
  } finally {
    progress.stop();
  }
  report = await aiReviewStep(report, dir, providers, (line) => {
    if (!opts.quiet) process.stderr.write(`${line}\n`);
  });

  const written: string[] = [];
  const outDir = resolve(opts.out);
  // --json prints the report; files only when the user also asked for them (--format or --out).
  const formats = opts.json && !opts.filesRequested ? [] : opts.format;
  for (const format of formats) {
    const file = join(outDir, FILE_NAMES[format]);
    await writeAtomic(file, await renderFormat(report, format));
    written.push(file);
  }
  if (opts.writeBaseline) {
    await engine.writeBaseline(report, resolve(opts.writeBaseline));
    written.push(resolve(opts.writeBaseline));
  }
  return { report, written, exitCode: gateExitCode(report, opts.failOn) };
}

export function configureScanCommand(program: Command): void {
  program
    .command('scan')
    .description('Scan a project folder on this machine and write the report')
    .argument('[path]', 'project folder', '.')
    .option('-p, --package <tier>', 'scan depth: quick, pro, enterprise or ultra', 'quick')
    .option('-f, --format <list>', `outputs, comma-separated: ${FORMATS.join(',')}`, 'json')
    .option('-o, --out <dir>', 'folder for the outputs', 'duescan-report')
    .option('--fail-on <severity>', `exit 1 when a finding is at or above: ${FAIL_ON.join(', ')}`, 'none')
    .option('--baseline <file>', 'hide findings whose ids are in this baseline file')
    .option('--write-baseline <file>', 'write the ids of all current findings to this baseline file')
    .addOption(
      new Option('--advisory-db <dir>', 'advisory database folder (default: ~/.duescan/advisories)').env('DUESCAN_ADVISORY_DB'),
    )
    .option('--threads <n>', 'worker threads (default: the cores not already busy)')
    .option('--json', 'print the report JSON on stdout instead of writing files (the summary goes to stderr; add --format or --out to write files too)', false)
    .option('-q, --quiet', 'no progress output', false)
    .option('--upload', 'send the anonymized report (no code, hashed paths) to your DueScan account', false)
    .addOption(new Option('--token <token>', 'API token for --upload (Account page)').env('DUESCAN_TOKEN'))
    .addOption(new Option('--api-url <url>', 'DueScan server for --upload (default: the one saved by `duescan login`)').env('DUESCAN_API_URL'))
    .option('--include-paths', 'with --upload: send real file paths instead of hashes', false)
    .option('--ai <models>', AI_HELP)
    .addHelpText(
      'after',
      '\nExit codes: 0 ok, 1 findings at or above --fail-on, 2 usage error (bad option, path, baseline file, nothing to scan), 3 scan error.\n' +
        'Example: duescan scan . --package pro --format json,sarif,pdf --fail-on high\n' +
        'Upload:  duescan login --api-url https://duescan.example.com --token <token>, then duescan scan . --upload',
    )
    .action(async (path: string, raw: Record<string, unknown>, command: Command) => {
      const explicit = (name: string) => command.getOptionValueSource(name) !== 'default';
      const opts = await withSavedLogin(parseOptions(ZScanOptions, { ...raw, filesRequested: explicit('format') || explicit('out') }));
      checkUploadOptions(opts);
      const run = await runScan(path, opts);
      const summary = formatSummary(run.report, run.written);
      if (opts.json) {
        process.stdout.write(JSON.stringify(run.report) + '\n');
        if (!opts.quiet) process.stderr.write(summary);
      } else if (!opts.quiet) {
        process.stdout.write(summary);
      }
      // Files left unanalyzed are a warning, not progress: said even with --quiet.
      const tooLarge = tooLargeLine(run.report);
      if (opts.quiet && tooLarge) process.stderr.write(`duescan: ${tooLarge}\n`);
      if (opts.upload) {
        const uploaded = await uploadStep(path, run.report, opts, {
          // A warning, not progress: shown even with --quiet.
          onRetry: (retry, reason) => process.stderr.write(`${reason}; retry ${retry} with the same scan token\n`),
        });
        // With --json stdout carries only the report; the upload line goes to stderr then.
        (opts.json ? process.stderr : process.stdout).write(formatUploadResult(uploaded));
      }
      process.exitCode = run.exitCode;
    });
}
