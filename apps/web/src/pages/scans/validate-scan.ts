// Client-side checks of the New Scan form (spec section 5), in the order a user meets them. The server checks
// everything again; these only save a round trip and show the spec's exact messages.
import {
  ALLOWED_ARCHIVE_EXTENSIONS,
  MAX_UPLOAD_BYTES,
  MESSAGES,
  ZWebhookUrl,
  planHasUnlimitedCredits,
  type PlanId,
} from '@duescan/contracts';

export type ScanMode = 'url' | 'upload';

export interface ScanFormInput {
  mode: ScanMode;
  projectUrl: string;
  file: { name: string; size: number } | null;
  webhookUrl: string;
}

export interface Account {
  plan: PlanId;
  credits_remaining: number;
}

export function hasAllowedArchiveExtension(name: string): boolean {
  const lower = name.toLowerCase();
  return ALLOWED_ARCHIVE_EXTENSIONS.some((ext) => lower.endsWith(ext) && lower.length > ext.length);
}

/** The first problem with the form as a user-facing message, or null when it may be sent. */
export function validateScanForm(input: ScanFormInput, account: Account): string | null {
  if (!planHasUnlimitedCredits(account.plan) && account.credits_remaining <= 0) return MESSAGES.noCredits;
  if (input.mode === 'url') {
    if (input.projectUrl.trim() === '') return MESSAGES.projectUrlRequired;
  } else {
    if (!input.file) return MESSAGES.fileRequired;
    if (input.file.size > MAX_UPLOAD_BYTES) return MESSAGES.fileTooLarge;
    if (!hasAllowedArchiveExtension(input.file.name)) return MESSAGES.unsupportedFileType;
  }
  const webhook = input.webhookUrl.trim();
  if (webhook !== '') {
    const parsed = ZWebhookUrl.safeParse(webhook);
    if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Webhook URL must be a valid URL';
    if (!/^https?:\/\//i.test(webhook)) return 'Webhook URL must be a valid URL';
  }
  return null;
}
