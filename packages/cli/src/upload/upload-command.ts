// The --upload step of `duescan scan`: anonymize the finished report, send it, tell the user where it is.
import os from 'node:os';
import { basename, resolve } from 'node:path';
import type { Report } from '@duescan/engine';
import { anonymize } from '../anonymize';
import { CliError, EXIT } from '../exit-codes';
import type { ScanCommandOptions } from '../options';
import { readCliConfig } from '../login/cli-config';
import { projectSalt } from './project-salt';
import { uploadEndpoint, uploadReport, type UploadOptions } from './upload-report';

export const NO_SERVER_MESSAGE =
  '--upload needs your DueScan server: run `duescan login --api-url <url> --token <token>` once (the command is on your Account page), or pass --api-url';

export interface UploadStepResult {
  scanId: string;
  duplicate: boolean;
  scansUrl: string;
}

/** Checked before the scan runs, so a missing token or bad URL does not cost a whole scan first. */
export function checkUploadOptions(opts: ScanCommandOptions): void {
  if (!opts.upload) return;
  if (!opts.apiUrl) throw new CliError(NO_SERVER_MESSAGE, EXIT.usage);
  if (!opts.token) {
    throw new CliError('--upload needs your API token: pass --token <token> or set DUESCAN_TOKEN (Account page)', EXIT.usage);
  }
  uploadEndpoint(opts.apiUrl);
}

/** --api-url/--token (or their env vars) win; otherwise what `duescan login` saved. */
export async function withSavedLogin(opts: ScanCommandOptions): Promise<ScanCommandOptions> {
  if (!opts.upload || (opts.apiUrl && opts.token)) return opts;
  const saved = await readCliConfig();
  if (!saved) return opts;
  // A token belongs to its server: reuse the saved one only with the saved server.
  const sameServer = !opts.apiUrl || new URL(saved.apiUrl).href === safeHref(opts.apiUrl);
  return { ...opts, apiUrl: opts.apiUrl ?? saved.apiUrl, token: opts.token ?? (sameServer ? saved.token : undefined) };
}

function safeHref(url: string): string | null {
  try {
    return new URL(url).href;
  } catch {
    return null;
  }
}

export async function uploadStep(
  projectDir: string,
  report: Report,
  opts: ScanCommandOptions,
  tuning: Pick<UploadOptions, 'backoffMs' | 'onRetry'> & { homeDir?: string } = {},
): Promise<UploadStepResult> {
  checkUploadOptions(opts);
  const apiUrl = opts.apiUrl!;
  const dir = resolve(projectDir);
  const salt = await projectSalt(dir, tuning.homeDir);
  const anonymized = anonymize(report, { salt, includePaths: opts.includePaths, localPaths: [dir, tuning.homeDir ?? os.homedir()] });
  const answer = await uploadReport({
    apiUrl,
    token: opts.token!,
    packageType: opts.package,
    projectName: report.project.name || basename(dir),
    report: anonymized,
    backoffMs: tuning.backoffMs,
    onRetry: tuning.onRetry,
  });
  const scansUrl = new URL('scans', apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`).href;
  return { scanId: answer.scan.id, duplicate: answer.duplicate, scansUrl };
}

export function formatUploadResult(result: UploadStepResult): string {
  const already = result.duplicate ? ' (already uploaded; no extra credit used)' : '';
  return `Uploaded: scan ${result.scanId}${already}. The PDF report appears at ${result.scansUrl} when it is ready.\n`;
}
