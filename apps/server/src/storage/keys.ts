// The names things get in the object store. With the local store (root = DATA_DIR) these are the same paths the
// server has always used, so an existing data folder keeps working.
import type { ArchiveKind } from '../fetch/extract-archive';

const EXTENSIONS: Record<ArchiveKind, string> = { zip: '.zip', tar: '.tar', tgz: '.tar.gz' };

export const ObjectKeys = {
  /** An archive uploaded through POST /scans/upload, kept until the scan's last attempt. */
  upload: (scanId: string, kind: ArchiveKind) => `uploads/${scanId}${EXTENSIONS[kind]}`,
  /** The anonymized report posted by the CLI, kept until the scan's last attempt. */
  cliReport: (scanId: string) => `uploads/cli/${scanId}.json`,
  reportPrefix: (scanId: string) => `reports/${scanId}/`,
  report: (scanId: string, format: 'pdf' | 'json') => `reports/${scanId}/report.${format}`,
} as const;
