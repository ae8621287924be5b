// The --upload step of `duescan scan`: anonymize the finished report, send it, tell the user where it is.
import os from 'node:os';
import { basename, resolve } from 'node:path';
import type { Report } from '@duescan/engine';
import { anonymize } from '../anonymize';
import { CliError, EXIT } from '../exit-codes';
import type { ScanCommandOptions } from '../options';
import { projectSalt } from './project-salt';
import { uploadEndpoint, uploadReport, type UploadOptions } from './upload-report';

export const DEFAULT_API_URL = 'http://localhost:8080';

export interface UploadStepResult {
  scanId: string;
  duplicate: boolean;
  scansUrl: string;
}

/** Checked before the scan runs, so a missing token or bad URL does not cost a whole scan first. */
export function checkUploadOptions(opts: ScanCommandOptions): void {
  if (!opts.upload) return;
  if (!opts.token) {
    throw new CliError('--upload needs your API token: pass --token <token> or set DUESCAN_TOKEN (Account page)', EXIT.usage);
  }
  uploadEndpoint(opts.apiUrl);
}

export async function uploadStep(
  projectDir: string,
  report: Report,
  opts: ScanCommandOptions,
  tuning: Pick<UploadOptions, 'backoffMs' | 'onRetry'> & { homeDir?: string } = {},
): Promise<UploadStepResult> {
  checkUploadOptions(opts);
  const dir = resolve(projectDir);
  const salt = await projectSalt(dir, tuning.homeDir);
  const anonymized = anonymize(report, { salt, includePaths: opts.includePaths, localPaths: [dir, tuning.homeDir ?? os.homedir()] });
  const answer = await uploadReport({
    apiUrl: opts.apiUrl,
    token: opts.token!,
    packageType: opts.package,
    projectName: report.project.name || basename(dir),
    report: anonymized,
    backoffMs: tuning.backoffMs,
    onRetry: tuning.onRetry,
  });
  const scansUrl = new URL('scans', opts.apiUrl.endsWith('/') ? opts.apiUrl : `${opts.apiUrl}/`).href;
  return { scanId: answer.scan.id, duplicate: answer.duplicate, scansUrl };
}

export function formatUploadResult(result: UploadStepResult): string {
  const already = result.duplicate ? ' (already uploaded; no extra credit used)' : '';
  return `Uploaded: scan ${result.scanId}${already}. The PDF report appears at ${result.scansUrl} when it is ready.\n`;
}
