// Zod schemas and types for every call of spec section 7. Server validates with them; web and CLI type against them.
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from './constants';
import { MESSAGES } from './messages';
import { PACKAGE_TYPES, PLAN_IDS } from './plans';
import { zText } from './text';

export const ZEmail = zText()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'Please enter a valid email address' }));

export const ZRegisterRequest = z.object({
  email: ZEmail,
  password: zText().min(MIN_PASSWORD_LENGTH, MESSAGES.passwordTooShort).max(256),
  company: zText().trim().max(200).optional().nullable(),
});
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZLoginRequest = z.object({
  email: ZEmail,
  password: zText().min(1, 'Password is required').max(256),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZAuthResponse = z.object({
  access_token: z.string(),
  user_id: z.string(),
  api_token: z.string(),
});
export type TAuthResponse = z.infer<typeof ZAuthResponse>;

export const ZPlanId = z.enum(PLAN_IDS);
export const ZPackageType = z.enum(PACKAGE_TYPES);

export const ZUser = z.object({
  id: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  plan: ZPlanId,
  credits_remaining: z.number().int(),
  created_at: z.string(),
  api_token: z.string(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZScanStatus = z.enum(['pending', 'processing', 'completed', 'failed']);
export type TScanStatus = z.infer<typeof ZScanStatus>;

export const ZScan = z.object({
  id: z.string(),
  project_name: z.string(),
  package_type: ZPackageType,
  status: ZScanStatus,
  created_at: z.string(),
  completed_at: z.string().nullable(),
  report_url: z.string().nullable(),
  error_message: z.string().nullable(),
  score: z.number().nullable(),
});
export type TScan = z.infer<typeof ZScan>;

export const ZUsageResponse = z.object({
  stats: z.object({
    total_scans: z.number().int(),
    completed_scans: z.number().int(),
    monthly_scans: z.number().int(),
  }),
  recent_scans: z.array(ZScan),
  credits_remaining: z.number().int(),
  plan: ZPlanId,
});
export type TUsageResponse = z.infer<typeof ZUsageResponse>;

export const ZScanListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const ZScanListResponse = z.object({ scans: z.array(ZScan), total: z.number().int() });
export type TScanListResponse = z.infer<typeof ZScanListResponse>;

export const ZWebhookUrl = z.url({ message: 'Webhook URL must be a valid URL' }).max(2048);

export const ZScanCreateRequest = z.object({
  project_url: zText().trim().min(1, MESSAGES.projectUrlRequired).max(2048),
  package_type: ZPackageType,
  webhook_url: ZWebhookUrl.optional().nullable().or(z.literal('').transform(() => null)),
});
export type TScanCreateRequest = z.infer<typeof ZScanCreateRequest>;

export const ZUploadResponse = z.object({ filename: z.string(), scan: ZScan });
export type TUploadResponse = z.infer<typeof ZUploadResponse>;

export const ZReportUrlResponse = z.object({ report_url: z.string(), json_url: z.string().optional() });
export type TReportUrlResponse = z.infer<typeof ZReportUrlResponse>;

/** Every error answer of the API. */
export const ZErrorResponse = z.object({ detail: z.string() });
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

/**
 * CLI upload: the CLI's anonymized report becomes a scan. `scan_token` is a single-use idempotency key the CLI
 * generates per scan: retries (up to UPLOAD_TOKEN_RETRIES) with the same token return the same scan and never
 * charge a second credit. The report is validated by the server against the engine's report schema.
 */
export const ZCliUploadRequest = z.object({
  scan_token: zText().regex(/^[A-Za-z0-9_-]{20,100}$/, 'scan_token must be 20-100 URL-safe characters'),
  package_type: ZPackageType,
  project_name: zText().trim().min(1).max(200),
  report: z.record(z.string(), z.unknown()),
});
export type TCliUploadRequest = z.infer<typeof ZCliUploadRequest>;
export const ZCliUploadResponse = z.object({ scan: ZScan, duplicate: z.boolean() });
export type TCliUploadResponse = z.infer<typeof ZCliUploadResponse>;
