// Webhook signatures: X-DueScan-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of `${t}.${body}`>. The key is
// per user, derived from the server secret (no storage); the user reads it from GET /scans/webhook-secret.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-duescan-signature';

export function webhookSecretFor(serverSecret: string, userId: string): string {
  return `whsec_${Buffer.from(hkdfSync('sha256', serverSecret, 'duescan', `duescan/webhook/${userId}`, 32)).toString('base64url')}`;
}

export function signWebhook(secret: string, body: string, timestamp: number): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** What a receiver does (used by our tests; documented for users). Rejects signatures older than `toleranceS`. */
export function verifyWebhook(secret: string, body: string, header: string, nowS: number, toleranceS = 300): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(nowS - t) > toleranceS || !parts.v1) return false;
  const expected = Buffer.from(signWebhook(secret, body, t).split('v1=')[1]!);
  const given = Buffer.from(parts.v1);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
