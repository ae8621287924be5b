// Business constants from spec section 9. One place, imported by server, web and CLI.
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
export const ALLOWED_ARCHIVE_EXTENSIONS = ['.zip', '.tar', '.tar.gz', '.tgz'] as const;
export const SCANS_REFRESH_MS = 5000;
export const REPORTS_LIST_LIMIT = 100;
export const REPORT_RETENTION_HOURS = 24;
export const UPLOAD_TOKEN_RETRIES = 3;
export const COPY_CONFIRM_DOCS_MS = 2000;
export const COPY_CONFIRM_API_KEY_MS = 3000;
export const COPYRIGHT_YEAR = 2025;
export const SUPPORT_EMAIL = 'support@duescan.dev';
export const BETA_PROMO_CODE = 'BETA50';
export const BETA_DISCOUNT_PERCENT = 50;
/** Credits a newly registered (free plan) user starts with: enough for three Quick scans. */
export const STARTING_CREDITS = 3;
export const INDUSTRIES = [
  'fintech',
  'healthcare',
  'manufacturing',
  'energy',
  'retail',
  'logistics',
  'government',
  'other',
] as const;
export const BETA_LANGUAGES = ['python', 'javascript', 'typescript', 'java', 'other'] as const;
