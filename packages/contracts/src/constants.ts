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
/** BETA50 is 50 % off for the first this-many distinct e-mail addresses that redeem it. */
export const BETA_PROMO_MAX_REDEMPTIONS = 100;
/** The beta programme: the first this-many applicants are accepted without an operator. */
export const BETA_AUTO_ACCEPT_LIMIT = 100;
/** Free scan credits an accepted beta tester receives (added to their account; to a new one at registration). */
export const BETA_FREE_CREDITS = 5;
/** The feedback-form e-mail goes out this long after a beta tester's first completed scan. */
export const BETA_FEEDBACK_DELAY_HOURS = 48;
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
