// Scan calls of spec section 7: list, create from a URL/path, upload an archive, and the report's signed URL.
import {
  ZReportUrlResponse,
  ZScan,
  ZScanListResponse,
  ZUploadResponse,
  type PackageType,
  type TReportUrlResponse,
  type TScan,
  type TUploadResponse,
} from '@duescan/contracts';
import { apiRequest } from './client';

/** The user's scans, newest first (limit: 100 for the Reports screen, the server's default otherwise). */
export async function listScans(limit?: number): Promise<TScan[]> {
  const answer = await apiRequest('/scans/list', {
    schema: ZScanListResponse,
    query: limit === undefined ? undefined : { limit },
  });
  return answer.scans;
}

export interface NewScanFields {
  package_type: PackageType;
  /** Empty when not given: the server treats '' as no webhook. */
  webhook_url: string;
}

export function createScan(projectUrl: string, fields: NewScanFields): Promise<TScan> {
  return apiRequest('/scans/create', {
    method: 'POST',
    body: { project_url: projectUrl, package_type: fields.package_type, ...(fields.webhook_url ? { webhook_url: fields.webhook_url } : {}) },
    schema: ZScan,
  });
}

export function uploadArchive(file: File, fields: NewScanFields): Promise<TUploadResponse> {
  const form = new FormData();
  // Fields before the file: the server can check them before it streams the archive to storage.
  form.append('package_type', fields.package_type);
  if (fields.webhook_url) form.append('webhook_url', fields.webhook_url);
  form.append('file', file, file.name);
  return apiRequest('/scans/upload', { method: 'POST', body: form, schema: ZUploadResponse });
}

/** A signed, expiring download URL of the scan's PDF (and JSON) report. */
export function getReportUrl(scanId: string): Promise<TReportUrlResponse> {
  return apiRequest(`/reports/${encodeURIComponent(scanId)}`, { schema: ZReportUrlResponse });
}
